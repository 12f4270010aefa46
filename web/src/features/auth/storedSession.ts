import { ROLES, type User } from '@sixa/contracts/browser';

/** The spec's two local keys: one for the token, one for the user. */
export const TOKEN_KEY = 'sixa.token';
export const USER_KEY = 'sixa.user';

export interface StoredSession {
  token: string;
  user: User;
}

function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    (ROLES as readonly unknown[]).includes(v.role)
  );
}

/** The stored session, or null when either key is missing or unreadable. */
export function readStoredSession(): StoredSession | null {
  try {
    const token = window.localStorage.getItem(TOKEN_KEY);
    const raw = window.localStorage.getItem(USER_KEY);
    if (!token || !raw) return null;
    const user: unknown = JSON.parse(raw);
    return looksLikeUser(user) ? { token, user } : null;
  } catch {
    return null;
  }
}

export function writeStoredSession({ token, user }: StoredSession): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch (error) {
    console.warn('Could not store the session locally', error);
  }
}

export function clearStoredSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was stored either.
  }
}
