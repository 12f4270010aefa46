import { IsEmail, IsIn, IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength } from 'class-validator';
import {
  DEPARTMENT_MAX,
  EMAIL_MAX,
  LANGUAGE_TAG_PATTERN,
  NOTIFICATION_FREQUENCIES,
  PASSWORD_MAX,
  PASSWORD_RESET_TOKEN_PATTERN,
  ROLES,
  THEME_PREFERENCES,
  USER_NAME_MAX,
  USERNAME_MAX,
  USERNAME_PATTERN,
  type NotificationFrequency,
  type Role,
  type ThemePreference,
} from './users';

export class LoginDto {
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX)
  email!: string;

  @IsString()
  @MinLength(1, { message: 'password is required' })
  @MaxLength(PASSWORD_MAX)
  password!: string;
}

export class CreateUserDto {
  @IsString()
  @MinLength(1, { message: 'name is required' })
  @MaxLength(USER_NAME_MAX)
  name!: string;

  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX)
  email!: string;

  @IsString()
  // Its length and make-up are the password policy's (Settings › Security), checked by auth.
  @MinLength(1, { message: 'password is required' })
  @MaxLength(PASSWORD_MAX)
  password!: string;

  @IsOptional()
  @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role?: Role;

  @IsOptional()
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true }, { message: 'avatar must be an http(s) URL' })
  @MaxLength(2048)
  avatar?: string;
}

/**
 * Edit payload: the editable user fields plus an optional password; a blank password keeps the
 * current one. Anything else (`id`, `is_active`, `_id`, ...) is refused with a 400: activation has its
 * own call, and server-owned fields are never taken from a client. `role` is refused on a self-edit.
 */
export class UpdateUserDto {
  @IsString()
  @MinLength(1, { message: 'name is required' })
  @MaxLength(USER_NAME_MAX)
  name!: string;

  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  password?: string;

  @IsOptional()
  @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role?: Role;

  @IsOptional()
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true }, { message: 'avatar must be an http(s) URL' })
  @MaxLength(2048)
  avatar?: string;
}

const FREQUENCY_MESSAGE = `notification_frequency must be one of: ${NOTIFICATION_FREQUENCIES.join(', ')}`;

/**
 * PUT /auth/me/preferences: the signed-in user's own choices; those not given stay as they are (at
 * least one must be; unknown fields are refused).
 */
export class UpdatePreferencesDto {
  @IsOptional()
  @IsIn(THEME_PREFERENCES, { message: `theme must be one of: ${THEME_PREFERENCES.join(', ')}` })
  theme?: ThemePreference;

  @IsOptional()
  @IsIn(NOTIFICATION_FREQUENCIES, { message: FREQUENCY_MESSAGE })
  notification_frequency?: NotificationFrequency;
}

/** PUT /settings/users/{id}/notification-frequency (admin): how often that user is e-mailed their notifications. */
export class SetNotificationFrequencyDto {
  @IsIn(NOTIFICATION_FREQUENCIES, { message: FREQUENCY_MESSAGE })
  notification_frequency!: NotificationFrequency;
}

/**
 * POST /settings/users (admin). `username` is unique (409 on a duplicate), as is `email`; the password
 * follows the password policy (400 naming the unmet rule). `timezone` is an IANA zone (default UTC),
 * `language` a short BCP 47 tag (default en).
 */
export class CreateSettingsUserDto {
  @IsString()
  @Matches(USERNAME_PATTERN, {
    message: 'username may contain only letters, digits, dots, dashes and underscores, starting with a letter or digit',
  })
  @MaxLength(USERNAME_MAX)
  username!: string;

  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX)
  email!: string;

  @IsString()
  @Matches(/\S/, { message: 'full_name is required' })
  @MaxLength(USER_NAME_MAX)
  full_name!: string;

  @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role!: Role;

  @IsOptional()
  @IsString()
  @MaxLength(DEPARTMENT_MAX)
  department?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  @IsOptional()
  @IsString()
  @Matches(LANGUAGE_TAG_PATTERN, { message: 'language must be a short BCP 47 language tag such as en or pt-BR' })
  language?: string;

  @IsString()
  @MinLength(1, { message: 'password is required' })
  @MaxLength(PASSWORD_MAX)
  password!: string;
}

/**
 * POST /auth/change-expired-password (public): sets a new password for an account whose password has
 * expired, proven by the current one. Answers a LoginResponse like POST /auth/login.
 */
export class ChangeExpiredPasswordDto {
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX)
  email!: string;

  @IsString()
  @MinLength(1, { message: 'current_password is required' })
  @MaxLength(PASSWORD_MAX)
  current_password!: string;

  @IsString()
  @MinLength(1, { message: 'new_password is required' })
  @MaxLength(PASSWORD_MAX)
  new_password!: string;
}

/** POST /auth/forgot-password (public): mail a reset link to this account's address, if there is one. */
export class ForgotPasswordDto {
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX)
  email!: string;
}

/** POST /auth/reset-password/check (public): the secret from a password reset link. */
export class PasswordResetTokenDto {
  @IsString()
  @Matches(PASSWORD_RESET_TOKEN_PATTERN, { message: 'token must be the code from a password reset link' })
  token!: string;
}

/** POST /auth/reset-password (public): the link's secret and the new password (the policy applies). */
export class ResetPasswordDto extends PasswordResetTokenDto {
  @IsString()
  @MinLength(1, { message: 'new_password is required' })
  @MaxLength(PASSWORD_MAX)
  new_password!: string;
}
