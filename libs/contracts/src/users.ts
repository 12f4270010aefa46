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

/** A user's display choices, kept on their profile (GET/PUT /auth/me/preferences). */
export interface UserPreferences {
  theme: ThemePreference;
}
