import type { ChangeResult } from '@sixa/mongo';
import { httpStatusOf } from '@sixa/observability';
import { changedOrThrow, SettingsError, SettingsErrorCode as Code } from './settings.errors';

/** What the API answers for each code (the statuses the routes gave before the enum). */
const STATUS: Record<Code, number> = {
  [Code.SettingNotFound]: 404,
  [Code.UserNotFound]: 404,
  [Code.InvalidSetting]: 400,
  [Code.SettingChanged]: 409,
  [Code.RateLimitNotFound]: 404,
  [Code.RoleNotFound]: 404,
  [Code.NotYours]: 403,
  [Code.RuleNotFound]: 404,
  [Code.InvalidRule]: 400,
  [Code.RuleChanged]: 409,
  [Code.WebhookNotFound]: 404,
  [Code.InvalidWebhook]: 400,
  [Code.WebhookChanged]: 409,
  [Code.SecurityPolicyNotFound]: 404,
  [Code.SecurityPolicyChanged]: 409,
  [Code.Busy]: 503,
};

const missing = () => new SettingsError(Code.SettingNotFound, 'There is no menu admin');
const thrown = (result: ChangeResult<string>): SettingsError => {
  try {
    changedOrThrow(result, 'menu', Code.SettingChanged, missing);
  } catch (e) {
    return e as SettingsError;
  }
  throw new Error('nothing thrown');
};

describe('settings errors', () => {
  it.each(Object.values(Code))('%s is answered with its status, its code kept and its detail as given', (code) => {
    const error = new SettingsError(code, 'what went wrong');
    expect(httpStatusOf(error.kind)).toBe(STATUS[code]);
    expect(error.code).toBe(code);
    expect(error.detail).toBe('what went wrong');
    expect(error.exposeCode).toBe(false);
  });

  it("a change's outcome is its value, or the error that says why not", () => {
    expect(changedOrThrow({ status: 'changed', value: 'v', doc: null }, 'menu', Code.SettingChanged, missing)).toBe(
      'v',
    );
    expect(thrown({ status: 'missing' })).toMatchObject({
      code: 'SETTING_NOT_FOUND',
      detail: 'There is no menu admin',
    });
    expect(thrown({ status: 'stale', value: 'v', rev: 4 })).toMatchObject({
      code: 'SETTING_CHANGED',
      kind: 'stale',
      detail: 'This menu was changed by someone else since you opened it (now revision 4); reload it and edit again',
    });
    expect(thrown({ status: 'contended' })).toMatchObject({
      code: 'BUSY',
      kind: 'busy',
      detail: 'This menu is being changed by others right now; try again',
    });
  });
});
