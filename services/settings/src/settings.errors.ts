import { changedOr, type ChangeResult } from '@sixa/mongo';
import { contextError } from '@sixa/observability';

/** Every way a settings request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
export enum SettingsErrorCode {
  /** A system or AI setting, rate limit, dashboard layout or menu edited at a revision, and gone since. */
  SettingNotFound = 'SETTING_NOT_FOUND',
  InvalidSetting = 'INVALID_SETTING',
  SettingChanged = 'SETTING_CHANGED',
  RateLimitNotFound = 'RATE_LIMIT_NOT_FOUND',
  RoleNotFound = 'ROLE_NOT_FOUND',
  /** A user id that cannot name a user (not an id the stores make). */
  UserNotFound = 'USER_NOT_FOUND',
  /** Another user's dashboard widgets, or another role's menu, for anyone but an admin. */
  NotYours = 'FORBIDDEN',
  RuleNotFound = 'RULE_NOT_FOUND',
  InvalidRule = 'INVALID_RULE',
  RuleChanged = 'RULE_CHANGED',
  WebhookNotFound = 'WEBHOOK_NOT_FOUND',
  InvalidWebhook = 'INVALID_WEBHOOK',
  WebhookChanged = 'WEBHOOK_CHANGED',
  SecurityPolicyNotFound = 'SECURITY_POLICY_NOT_FOUND',
  SecurityPolicyChanged = 'SECURITY_POLICY_CHANGED',
  /** Other writers kept changing it through every attempt. */
  Busy = 'BUSY',
}

export class SettingsError extends contextError<SettingsErrorCode>({
  [SettingsErrorCode.SettingNotFound]: 'not_found',
  [SettingsErrorCode.InvalidSetting]: 'invalid',
  [SettingsErrorCode.SettingChanged]: 'stale',
  [SettingsErrorCode.RateLimitNotFound]: 'not_found',
  [SettingsErrorCode.RoleNotFound]: 'not_found',
  [SettingsErrorCode.UserNotFound]: 'not_found',
  [SettingsErrorCode.NotYours]: 'forbidden',
  [SettingsErrorCode.RuleNotFound]: 'not_found',
  [SettingsErrorCode.InvalidRule]: 'invalid',
  [SettingsErrorCode.RuleChanged]: 'stale',
  [SettingsErrorCode.WebhookNotFound]: 'not_found',
  [SettingsErrorCode.InvalidWebhook]: 'invalid',
  [SettingsErrorCode.WebhookChanged]: 'stale',
  [SettingsErrorCode.SecurityPolicyNotFound]: 'not_found',
  [SettingsErrorCode.SecurityPolicyChanged]: 'stale',
  [SettingsErrorCode.Busy]: 'busy',
}) {}

/**
 * What a change of a `what` (named as the person editing knows it) means for the caller: the value,
 * or the error that explains why not: `missing`, `stale` (its code), or busy.
 */
export function changedOrThrow<T>(
  result: ChangeResult<T>,
  what: string,
  stale: SettingsErrorCode,
  missing: () => SettingsError,
): T {
  return changedOr(result, what, {
    missing,
    stale: (detail) => new SettingsError(stale, detail),
    busy: (detail) => new SettingsError(SettingsErrorCode.Busy, detail),
  });
}
