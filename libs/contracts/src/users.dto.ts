import { IsEmail, IsIn, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  ROLES,
  THEME_PREFERENCES,
  USER_NAME_MAX,
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

/** PUT /auth/me/preferences: the signed-in user's own display choices (unknown fields are refused). */
export class UpdatePreferencesDto {
  @IsIn(THEME_PREFERENCES, { message: `theme must be one of: ${THEME_PREFERENCES.join(', ')}` })
  theme!: ThemePreference;
}
