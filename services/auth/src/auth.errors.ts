import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way an auth request can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
export enum AuthErrorCode {
  InvalidCredentials = 'INVALID_CREDENTIALS',
  AccountDeactivated = 'ACCOUNT_DEACTIVATED',
  UserNotFound = 'USER_NOT_FOUND',
  EmailTaken = 'USER_EMAIL_TAKEN',
  OwnRoleChange = 'OWN_ROLE_CHANGE',
  OwnAccountDeactivation = 'OWN_ACCOUNT_DEACTIVATION',
  OwnAccountDeletion = 'OWN_ACCOUNT_DELETION',
  WeakPassword = 'WEAK_PASSWORD',
  DemoOnly = 'DEMO_ONLY',
  AdminDeletion = 'ADMIN_DELETION',
  UsernameTaken = 'USERNAME_TAKEN',
  UnknownTimezone = 'UNKNOWN_TIMEZONE',
  PasswordExpired = 'PASSWORD_EXPIRED',
  PasswordNotExpired = 'PASSWORD_NOT_EXPIRED',
  PasswordUnchanged = 'PASSWORD_UNCHANGED',
  UserChanged = 'USER_CHANGED',
  Busy = 'BUSY',
}

/** Codes the client acts on, sent as `code` beside `detail`. */
const EXPOSED: ReadonlySet<AuthErrorCode> = new Set([AuthErrorCode.PasswordExpired]);

function kindOf(code: AuthErrorCode): DomainErrorKind {
  switch (code) {
    case AuthErrorCode.InvalidCredentials:
      return 'unauthenticated';
    case AuthErrorCode.AccountDeactivated:
    case AuthErrorCode.OwnAccountDeactivation:
    case AuthErrorCode.OwnAccountDeletion:
    case AuthErrorCode.PasswordExpired:
      return 'forbidden';
    case AuthErrorCode.UserNotFound:
    case AuthErrorCode.DemoOnly:
      return 'not_found';
    case AuthErrorCode.EmailTaken:
    case AuthErrorCode.UsernameTaken:
    case AuthErrorCode.AdminDeletion:
    case AuthErrorCode.PasswordNotExpired:
      return 'conflict';
    case AuthErrorCode.UserChanged:
      return 'stale';
    case AuthErrorCode.Busy:
      return 'busy';
    case AuthErrorCode.OwnRoleChange:
    case AuthErrorCode.WeakPassword:
    case AuthErrorCode.UnknownTimezone:
    case AuthErrorCode.PasswordUnchanged:
      return 'invalid';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped auth error ${String(unknown)}`);
    }
  }
}

export class AuthError extends DomainError {
  constructor(code: AuthErrorCode, detail: string) {
    super(kindOf(code), code, detail, undefined, EXPOSED.has(code));
  }
}
