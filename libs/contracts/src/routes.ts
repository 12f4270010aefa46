import { GATEWAY_ROUTES, PROCESS_ROUTES, ROUTE_ACCESS, SCREEN_ROUTES, type ServiceName } from './route-access';
import type { MenuKey } from './settings';
import { isReadOnlyRole, type Role } from './users';

/**
 * Who may call a route (its row in ROUTE_ACCESS, route-access.ts): `public` needs no token; `any` any
 * signed-in user, a viewer too; `employee` (the spec's level: admin or employee, and here manager and
 * user) every signed-in role but the read-only viewer; `admin` the admin role; `internal` is not
 * served under /api at all (probes, scrapes, service-to-service calls on the private network).
 */
export type AccessLevel = 'public' | 'any' | 'employee' | 'admin' | 'internal';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `METHOD /path/:param`: a route as its process registers it (without /api). */
export type RouteKey = `${HttpMethod} /${string}`;

export type { ServiceName } from './route-access';

/** Whether `role` (none: not signed in) meets `level`. `internal` routes are nobody's through /api. */
export function hasAccess(role: Role | undefined | null, level: AccessLevel): boolean {
  if (level === 'public') return true;
  if (!role || level === 'internal') return false;
  if (level === 'admin') return role === 'admin';
  if (level === 'employee') return !isReadOnlyRole(role);
  return true;
}

/** The 403 answered to a role below a route's level. */
export const PERMISSION_DENIED_DETAIL = "You don't have permission to access this feature.";

/** The 403 answered to a viewer's write, at the gateway and in the services. */
export const READ_ONLY_ROLE_DETAIL = 'The viewer role is read-only: it cannot make changes.';

/** Why `role` may not call a route of `level` (null: it may). Call it with a signed-in role. */
export function refusalDetail(role: Role, level: AccessLevel): string | null {
  if (hasAccess(role, level)) return null;
  return level === 'employee' && isReadOnlyRole(role) ? READ_ONLY_ROLE_DETAIL : PERMISSION_DENIED_DETAIL;
}

/**
 * GET /api/, answered by the gateway itself: the connectivity check, and which services are
 * deployed behind it (a service that is not is answered 503 "not available yet").
 */
export interface ApiStatus {
  status: 'ok';
  services: Record<string, 'deployed' | 'not deployed'>;
}

/** A route's key from a request's method (HEAD is answered by the GET route) and a path pattern. */
export function routeKey(method: string, pattern: string): string {
  const m = method.toUpperCase();
  return `${m === 'HEAD' ? 'GET' : m} ${pattern}`;
}

/** Every service route and every process route, by key (each key is declared once: see the spec). */
const DECLARED: ReadonlyMap<string, AccessLevel> = new Map<string, AccessLevel>([
  ...Object.values(ROUTE_ACCESS).flatMap((section) => Object.entries(section) as Array<[string, AccessLevel]>),
  ...(Object.entries(PROCESS_ROUTES) as Array<[string, AccessLevel]>),
]);

/**
 * The level of the route a service matched, by its method and path pattern (`/leads/:id`), or
 * undefined when the route is not declared (then nobody may call it).
 */
export function declaredLevel(method: string, pattern: string): AccessLevel | undefined {
  return DECLARED.get(routeKey(method, pattern));
}

/** The routes among `registered` (as a process registers them) that the table does not declare. */
export function undeclaredRoutes(
  process: ServiceName | 'gateway',
  registered: ReadonlyArray<{ method: string; path: string }>,
): string[] {
  const own: Record<string, unknown> = process === 'gateway' ? GATEWAY_ROUTES : ROUTE_ACCESS[process];
  const keys = registered.map(({ method, path }) => routeKey(method, path));
  return [...new Set(keys)].filter((key) => !(key in own) && !(key in PROCESS_ROUTES));
}

// ---- the gateway's lookup of a request path -------------------------------------------------------

interface Matcher {
  service: ServiceName;
  key: RouteKey;
  level: AccessLevel;
  method: string;
  regex: RegExp;
  /** Per segment: 3 static, 2 static and parameters, 1 a parameter, 0 a wildcard (find-my-way's order). */
  rank: number[];
}

const PARAM = /(:[A-Za-z0-9_]+)/;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileSegment(segment: string): { source: string; rank: number } {
  if (segment === '*') return { source: '.*', rank: 0 };
  const pieces = segment.split(PARAM).filter(Boolean);
  if (pieces.length === 1 && !PARAM.test(segment)) return { source: escapeRegex(segment), rank: 3 };
  const source = pieces.map((p, i) =>
    PARAM.test(p) ? (i === pieces.length - 1 ? '[^/]+' : '[^/]+?') : escapeRegex(p),
  );
  return { source: source.join(''), rank: pieces.length === 1 ? 1 : 2 };
}

function compile(service: ServiceName, key: RouteKey, level: AccessLevel): Matcher {
  const [method, pattern] = key.split(' ') as [string, string];
  const segments = pattern.split('/').slice(1).map(compileSegment);
  return {
    service,
    key,
    level,
    method,
    regex: new RegExp(`^/${segments.map((s) => s.source).join('/')}$`),
    rank: segments.map((s) => s.rank),
  };
}

const moreSpecific = (a: Matcher, b: Matcher): number => {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
    if (a.rank[i] !== b.rank[i]) return b.rank[i]! - a.rank[i]!;
  }
  return b.rank.length - a.rank.length;
};

const MATCHERS: readonly Matcher[] = (Object.keys(ROUTE_ACCESS) as ServiceName[])
  .flatMap((service) =>
    (Object.entries(ROUTE_ACCESS[service]) as Array<[RouteKey, AccessLevel]>).map(([key, level]) =>
      compile(service, key, level),
    ),
  )
  .sort(moreSpecific);

export interface MatchedRoute {
  /** The section that declares it (the service that serves it). */
  service: ServiceName;
  key: RouteKey;
  level: AccessLevel;
}

/**
 * The declared route a request `method path` (path under /api, without the query and the trailing
 * slash) reaches, the most specific first as the services' router picks it (`/leads/export.csv`
 * before `/leads/:id`); null when none is declared.
 */
export function matchRoute(method: string, path: string): MatchedRoute | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const found = closest(path).find((r) => r.method === m);
  return found ? { service: found.service, key: found.key, level: found.level } : null;
}

/**
 * The routes of any method that name `path` most closely: where a route names a segment as it is
 * (`/leads/stats`), that path is its own, and a route with a parameter there (`PUT /leads/:id`) does
 * not take it (a PUT there is refused 405, not read as a lead called "stats").
 */
function closest(path: string): Matcher[] {
  const matching = MATCHERS.filter((r) => r.regex.test(path));
  const best = matching[0];
  return best ? matching.filter((r) => moreSpecific(r, best) === 0) : [];
}

/**
 * The methods declared for `path` (under /api, as matchRoute takes it), for a 405's `Allow`: a known
 * path asked with another method. Empty when no route of any method has this path.
 */
export function methodsAt(path: string): HttpMethod[] {
  const found = new Set(
    closest(path)
      .filter((r) => r.level !== 'internal')
      .map((r) => r.method),
  );
  return HTTP_METHODS.filter((m) => found.has(m));
}

/** A screen's level: that of the call it opens with (SCREEN_ROUTES). */
export function screenLevel(screen: MenuKey): AccessLevel {
  const level = declaredLevel('GET', SCREEN_ROUTES[screen].slice('GET '.length));
  if (!level) throw new Error(`The screen ${screen} opens with ${SCREEN_ROUTES[screen]}, which is not declared`);
  return level;
}

/** The level of a declared route by its key ('PUT /leads/:id'), for the web client's buttons. */
export function levelOf(key: RouteKey): AccessLevel | undefined {
  const [method, pattern] = key.split(' ') as [string, string];
  return declaredLevel(method, pattern);
}
