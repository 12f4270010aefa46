import { changedOr, type ChangeResult } from '@sixa/mongo';
import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a settings request can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
export enum SettingsErrorCode {
  /** A system or AI setting, rate limit, dashboard layout or menu edited at a revision, and gone since. */
  SettingNotFound = 'SETTING_NOT_FOUND',
  InvalidSetting = 'INVALID_SETTING',
  SettingChanged = 'SETTING_CHANGED',
  RateLimitNotFound = 'RATE_LIMIT_NOT_FOUND',
  RoleNotFound = 'ROLE_NOT_FOUND',
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

function kindOf(code: SettingsErrorCode): DomainErrorKind {
  switch (code) {
    case SettingsErrorCode.SettingNotFound:
    case SettingsErrorCode.RateLimitNotFound:
    case SettingsErrorCode.RoleNotFound:
    case SettingsErrorCode.RuleNotFound:
    case SettingsErrorCode.WebhookNotFound:
    case SettingsErrorCode.SecurityPolicyNotFound:
      return 'not_found';
    case SettingsErrorCode.InvalidSetting:
    case SettingsErrorCode.InvalidRule:
    case SettingsErrorCode.InvalidWebhook:
      return 'invalid';
    case SettingsErrorCode.NotYours:
      return 'forbidden';
    case SettingsErrorCode.SettingChanged:
    case SettingsErrorCode.RuleChanged:
    case SettingsErrorCode.WebhookChanged:
    case SettingsErrorCode.SecurityPolicyChanged:
      return 'stale';
    case SettingsErrorCode.Busy:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped settings error ${String(unknown)}`);
    }
  }
}

export class SettingsError extends DomainError {
  constructor(code: SettingsErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}

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
