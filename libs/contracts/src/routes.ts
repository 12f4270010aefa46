import type { Role } from './users';

/**
 * Access levels of the spec (part 1, section 6): 'admin' needs the admin role, 'employee' is met by
 * admin, employee, manager and user (not a viewer), and any other level by any signed-in user. A
 * viewer's writes are refused apart from levels (isReadOnlyRole).
 */
export type AccessLevel = 'admin' | 'employee' | 'any';

export function hasAccess(role: Role | undefined | null, level: AccessLevel): boolean {
  if (!role) return false;
  if (level === 'admin') return role === 'admin';
  if (level === 'employee') return role !== 'viewer';
  return true;
}

/** Route metadata key marking a handler as needing no token (shared by the auth guard and health routes). */
export const PUBLIC_ROUTE_KEY = 'auth:public';

/**
 * GET /api/, answered by the gateway itself: the connectivity check, and which services are
 * deployed behind it (a service that is not is answered 503 "not available yet").
 */
export interface ApiStatus {
  status: 'ok';
  services: Record<string, 'deployed' | 'not deployed'>;
}
