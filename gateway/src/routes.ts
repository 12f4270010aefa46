import { GATEWAY_ROUTES, HTTP_METHODS, matchRoute, methodsAt, type AccessLevel, type RouteKey } from '@sixa/contracts';

/**
 * Which service serves which part of /api. Adding a service is one line here (and its
 * `<NAME>_SERVICE_URL`). `seed` is the service's demo-data call, used by POST /api/initialize-mock-data.
 */
export const SERVICES = [
  { name: 'auth', prefixes: ['/auth', '/users', '/settings/users'], seed: '/auth/initialize-default-users' },
  { name: 'crm', prefixes: ['/leads', '/quotes', '/products-services'], seed: '/quotes/init-sample-data' },
  { name: 'work', prefixes: ['/tasks', '/workflows', '/team', '/calendar'] },
  {
    name: 'documents',
    prefixes: ['/document-templates', '/documents', '/document-categories'],
    seed: '/documents/initialize-sample-data',
  },
  { name: 'integrations', prefixes: ['/integrations'] },
  { name: 'settings', prefixes: ['/settings'] },
  { name: 'assistant', prefixes: ['/chat', '/dashboard'] },
  { name: 'monitoring', prefixes: ['/monitoring'] },
] as const satisfies ReadonlyArray<{ name: string; prefixes: readonly string[]; seed?: string }>;

export type ServiceName = (typeof SERVICES)[number]['name'];

/** Which body limit an upload route has: `upload` (UPLOAD_BODY_LIMIT_BYTES) or `document` (DOCUMENT_BODY_LIMIT_BYTES). */
export type UploadLimit = 'upload' | 'document';

/**
 * Routes whose body is a file: they may send up to their limit (the others BODY_LIMIT_BYTES), and their
 * answer may take up to UPLOAD_TIMEOUT_MS. A lead import is a CSV file (crm reads at most 5 MB); the
 * documents' files travel in base64 inside JSON, 4/3 of the file (a conversion can also queue, then run).
 */
const UPLOADS: ReadonlyArray<[method: string, path: string, limit: UploadLimit]> = [
  ['POST', '/leads/import', 'upload'],
  ['POST', '/documents/convert', 'document'],
  ['POST', '/documents/verify', 'document'],
];

/**
 * PDFs the web client shows in a frame of its own pages (the signing page, a document's view): the
 * only /api answers that same-origin pages may frame. Everything else keeps `frame-ancestors 'none'`.
 */
const FRAMABLE = [/^\/documents\/signing\/[^/]+\/pdf$/, /^\/documents\/[^/]+\/(pdf|signed-pdf)$/];

export function isFramable(method: string, path: string): boolean {
  return method === 'GET' && FRAMABLE.some((re) => re.test(path));
}

export interface ResolvedRoute {
  service: ServiceName;
  /** The declared route it reaches (ROUTE_ACCESS in libs/contracts) and who may call it. */
  route: RouteKey;
  access: Exclude<AccessLevel, 'internal'>;
}

const byLongestPrefix = SERVICES.flatMap((s) => s.prefixes.map((prefix) => ({ prefix, service: s.name }))).sort(
  (a, b) => b.prefix.length - a.prefix.length,
);

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Which service serves paths under `path`'s prefix (null: none). */
export function serviceOf(path: string): ServiceName | null {
  return byLongestPrefix.find((r) => under(path, r.prefix))?.service ?? null;
}

/**
 * Which service answers `method path` (path without /api and without the query), and who may call it:
 * the service by its path prefix, the level by the route's row in ROUTE_ACCESS. Null when no declared
 * route matches (nobody may call it: 404), or the route is not one for /api (`internal`).
 */
export function resolveRoute(method: string, path: string): ResolvedRoute | null {
  const exact = path.length > 1 ? path.replace(/\/$/, '') : path;
  const service = serviceOf(exact);
  const declared = service ? matchRoute(method, exact) : null;
  if (!service || !declared || declared.level === 'internal') return null;
  return { service, route: declared.key, access: declared.level };
}

/**
 * What a known /api path (without /api and the query) allows, for a 405 when it is asked with a method
 * it does not have: its declared methods, and HEAD where GET is one. Empty: no such path (404).
 */
export function allowedMethods(path: string): string[] {
  const exact = path.length > 1 ? path.replace(/\/$/, '') : path;
  const methods: string[] = serviceOf(exact) ? methodsAt(exact) : gatewayMethodsAt(exact);
  return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
}

/** The methods of the gateway's own routes at `/api` + path (GET /api, POST /api/initialize-mock-data). */
function gatewayMethodsAt(path: string): string[] {
  const at = ` /api${path === '/' ? '' : path}`;
  return Object.keys(GATEWAY_ROUTES)
    .filter(
      (key) =>
        key.endsWith(at) && !key.includes('*') && GATEWAY_ROUTES[key as keyof typeof GATEWAY_ROUTES] !== 'routed',
    )
    .map((key) => key.slice(0, key.indexOf(' ')))
    .filter((method) => (HTTP_METHODS as readonly string[]).includes(method));
}

/** Which larger body limit `method path` (without /api and the query) has because it takes a file; null: none. */
export function uploadLimitOf(method: string, path: string): UploadLimit | null {
  const exact = path.length > 1 ? path.replace(/\/$/, '') : path;
  return UPLOADS.find(([m, p]) => m === method && p === exact)?.[2] ?? null;
}

/** Whether `method path` (without /api and the query) takes a file, and so a larger body limit. */
export function isUpload(method: string, path: string): boolean {
  return uploadLimitOf(method, path) !== null;
}

/** Paths that could mean something else after normalisation are refused rather than guessed at. */
export function isSuspiciousPath(path: string): boolean {
  return /(^|\/)\.\.?(\/|$)|\/\/|%2e|%2f|%5c|\\/i.test(path);
}
