import { isReadOnlyRole, type Role } from './users';

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

/** Methods that only read: a viewer may send these anywhere its level allows. */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** The 403 answered to a viewer's write, at the gateway and in the services. */
export const READ_ONLY_ROLE_DETAIL = 'The viewer role is read-only: it cannot make changes.';

/**
 * The only writes a viewer may make: its own session and profile choices, nothing of the business.
 * `[method, path]` as under /api. The gateway lets exactly these through for a viewer; in the services
 * their handlers carry @ViewerMayWrite() (libs/auth). Keep the two in step: a route listed here whose
 * handler is not marked is still refused by the service, and the other way round by the gateway.
 * (Sign-in and the expired-password change are public: no token, so no role, to refuse.)
 */
export const VIEWER_WRITABLE_ROUTES: ReadonlyArray<[method: string, path: string]> = [['PUT', '/auth/me/preferences']];

/** Whether a request with `method` to `path` (under /api, without the query) by `role` is a write it may not make. */
export function isWriteRefusedFor(role: Role | undefined | null, method: string, path: string): boolean {
  if (!isReadOnlyRole(role) || SAFE_METHODS.includes(method.toUpperCase())) return false;
  const exact = path.length > 1 ? path.replace(/\/$/, '') : path;
  return !VIEWER_WRITABLE_ROUTES.some(([m, p]) => m === method.toUpperCase() && p === exact);
}
