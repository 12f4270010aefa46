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

/**
 * How often a user is e-mailed the notifications that concern them (a task assigned to them, a task
 * of theirs overdue, a reminder of an event they attend): each at once, or one digest per hour, day
 * or week (spec part 2 constants). Periods are in UTC: hours on the hour, days from midnight, weeks
 * from Monday.
 */
export const NOTIFICATION_FREQUENCIES = ['immediate', 'hourly', 'daily', 'weekly'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
/** Until a user (or an admin for them) chooses. */
export const DEFAULT_NOTIFICATION_FREQUENCY: NotificationFrequency = 'immediate';

export const NOTIFICATION_FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  immediate: 'Immediately',
  hourly: 'Hourly digest',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

/** A user's own choices, kept on their profile (GET/PUT /auth/me/preferences). */
export interface UserPreferences {
  theme: ThemePreference;
  notification_frequency: NotificationFrequency;
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
  /** How often the user is e-mailed their notifications (their own choice, or an admin's for them). */
  notification_frequency: NotificationFrequency;
}

/** POST /auth/login answers 403 with this body when the password is older than the policy allows (no token). */
export interface PasswordExpiredBody {
  code: 'PASSWORD_EXPIRED';
  detail: string;
}

export const PASSWORD_EXPIRED_DETAIL = 'Your password has expired. Choose a new one.';

/**
 * The 401 for a token whose session has ended (its owner signed out, or reset their password), at
 * the gateway and in every service.
 */
export const SESSION_ENDED_DETAIL = 'Session ended: sign in again';

/**
 * POST /auth/forgot-password (public) answers this whatever the e-mail: whether an account has it is
 * not told. The link goes to the account's address only.
 */
export const PASSWORD_RESET_REQUESTED_DETAIL =
  'If an account uses this e-mail address, a link to choose a new password is on its way to it. The link works once, for a limited time.';

/** POST /settings/users/{id}/reset-password (admin): the e-mail with the link went out. */
export interface PasswordResetSent {
  detail: string;
  email: string;
  /** When the link stops working. */
  expires_at: string;
}

/** POST /auth/reset-password/check (public): the link works, for this account, until `expires_at`. */
export interface PasswordResetLink {
  email: string;
  expires_at: string;
}

/** POST /auth/reset-password (public): the password was set; the account's other sessions have ended. */
export interface PasswordResetDone {
  detail: string;
  email: string;
}

/** The secret of a password reset link: 32 random bytes, base64url (stored only as its SHA-256). */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
