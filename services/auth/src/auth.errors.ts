import { contextError } from '@sixa/observability';

/** Every way an auth request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
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
  InvalidToken = 'INVALID_TOKEN',
  ResetLinkInvalid = 'RESET_LINK_INVALID',
  NothingToChange = 'NOTHING_TO_CHANGE',
  UserChanged = 'USER_CHANGED',
  Busy = 'BUSY',
}

export class AuthError extends contextError<AuthErrorCode>({
  [AuthErrorCode.InvalidCredentials]: 'unauthenticated',
  [AuthErrorCode.AccountDeactivated]: 'forbidden',
  [AuthErrorCode.UserNotFound]: 'not_found',
  [AuthErrorCode.EmailTaken]: 'conflict',
  [AuthErrorCode.OwnRoleChange]: 'invalid',
  [AuthErrorCode.OwnAccountDeactivation]: 'forbidden',
  [AuthErrorCode.OwnAccountDeletion]: 'forbidden',
  [AuthErrorCode.WeakPassword]: 'invalid',
  [AuthErrorCode.DemoOnly]: 'not_found',
  [AuthErrorCode.AdminDeletion]: 'conflict',
  [AuthErrorCode.UsernameTaken]: 'conflict',
  [AuthErrorCode.UnknownTimezone]: 'invalid',
  [AuthErrorCode.PasswordExpired]: 'forbidden',
  [AuthErrorCode.PasswordNotExpired]: 'conflict',
  [AuthErrorCode.PasswordUnchanged]: 'invalid',
  [AuthErrorCode.InvalidToken]: 'unauthenticated',
  [AuthErrorCode.ResetLinkInvalid]: 'invalid',
  [AuthErrorCode.NothingToChange]: 'invalid',
  [AuthErrorCode.UserChanged]: 'stale',
  [AuthErrorCode.Busy]: 'busy',
}) {
  /** The client acts on this code itself (it turns PASSWORD_EXPIRED into a form): sent beside `detail`. */
  override readonly exposeCode = this.code === AuthErrorCode.PasswordExpired;
}
