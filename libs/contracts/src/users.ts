import type { RecordTag } from './revisions';
/**
 * Roles (spec part 1: admin, employee; part 2's settings users: admin, manager, user, viewer). One
 * identity: manager and user act as part 1's employee; a viewer reads everything an employee reads
 * and writes nothing (every write answers 403, at the gateway and in the services).
 */
export const ROLES = ['admin', 'employee', 'manager', 'user', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Whether the role may only read. */
export const isReadOnlyRole = (role: Role | undefined | null): boolean => role === 'viewer';

export const USER_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A user as the API returns it. `last_login` is null until the first sign-in. */
export interface User {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  avatar: string | null;
}

export interface LoginResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: User;
}

export interface ToggleStatusResponse {
  id: string;
  is_active: boolean;
}

export interface InitializeDefaultUsersResponse {
  created: number;
  users: Array<Pick<User, 'email' | 'role'>>;
}

/** How the client is shown: 'system' follows the operating system's light or dark setting. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** A user's display choices, kept on their profile (GET/PUT /auth/me/preferences). */
export interface UserPreferences {
  theme: ThemePreference;
}

/** Settings user defaults (spec part 2 constants). */
export const SETTINGS_USER_DEFAULTS = { timezone: 'UTC', language: 'en' } as const;
export const USERNAME_MAX = 64;
/** Letters, digits, dot, dash and underscore; starts with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const DEPARTMENT_MAX = 120;
/** A short BCP 47 tag: a 2-3 letter language, optionally a script and a region (en, pt-BR, zh-Hant-TW). */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$/;

/**
 * GET /settings/users (admin): the same people as GET /users, with the settings profile fields.
 * `user_id` equals `id` (the spec names both); `full_name` is the user's `name`. `username` is null
 * for an account made before usernames existed (or through /users without one).
 */
export interface SettingsUser {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  user_id: string;
  username: string | null;
  email: string;
  full_name: string;
  role: Role;
  department: string | null;
  timezone: string;
  language: string;
  last_login: string | null;
  is_active: boolean;
}

/** POST /auth/login answers 403 with this body when the password is older than the policy allows (no token). */
export interface PasswordExpiredBody {
  code: 'PASSWORD_EXPIRED';
  detail: string;
}

export const PASSWORD_EXPIRED_DETAIL = 'Your password has expired. Choose a new one.';
