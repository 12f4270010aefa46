import type { AccessLevel } from '@sixa/contracts';

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

/** Reachable without a token. Everything else needs a valid access token. */
const PUBLIC: ReadonlyArray<[method: string, path: string]> = [
  ['POST', '/auth/login'],
  // An expired password is changed before there is a token (the current password proves who asks).
  ['POST', '/auth/change-expired-password'],
  // The auth service checks the token itself: an ended session's token may still sign out (idempotent).
  ['POST', '/auth/logout'],
  // A forgotten password: the reset link is asked for, checked and used without a session.
  ['POST', '/auth/forgot-password'],
  ['POST', '/auth/reset-password/check'],
  ['POST', '/auth/reset-password'],
  ['POST', '/auth/initialize-default-users'],
  ['GET', '/auth/.well-known/jwks.json'],
  ['POST', '/quotes/init-sample-data'],
];

/** Reachable without a token under these prefixes: the customer's signed quote links. */
const PUBLIC_PREFIXES: ReadonlyArray<[method: string, prefix: string]> = [
  ['GET', '/quotes/public/'],
  ['POST', '/quotes/public/'],
  // A user's calendar feed, fetched by calendar apps with the signed token in the path.
  ['GET', '/calendar/feed/'],
  // An organization document's read-only share link (revocable by its owner).
  ['GET', '/documents/shared/'],
  // A signer's page, PDF, signature and decline, by the signed link mailed to them.
  ['GET', '/documents/signing/'],
  ['POST', '/documents/signing/'],
];

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

/** Admin-only areas (spec part 1 section 6): Team Management, User Management, Settings. */
const ADMIN_PREFIXES = ['/users', '/team', '/settings'];

/**
 * Routes under an admin-only prefix that every signed-in user may call, because the shell needs them
 * for everyone; the owning service narrows them further (own role or user, or admin).
 */
const SIGNED_IN_EXCEPTIONS: ReadonlyArray<[methods: readonly string[], path: RegExp]> = [
  // The company name the shell shows.
  [['GET'], /^\/settings\/branding$/],
  // The sidebar of the caller's role (the settings service answers only the caller's own role, or any for an admin).
  [['GET'], /^\/settings\/menu-config\/[^/]+$/],
  // The caller's dashboard layout (the settings service allows only the caller's own, or any for an admin).
  [['GET', 'PUT'], /^\/settings\/dashboard-widgets\/[^/]+$/],
];

export type RouteAccess = AccessLevel | 'public';

export interface ResolvedRoute {
  service: ServiceName;
  access: RouteAccess;
}

const byLongestPrefix = SERVICES.flatMap((s) => s.prefixes.map((prefix) => ({ prefix, service: s.name }))).sort(
  (a, b) => b.prefix.length - a.prefix.length,
);

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Which service answers `method path` (path without /api and without the query), and who may call it. */
export function resolveRoute(method: string, path: string): ResolvedRoute | null {
  const match = byLongestPrefix.find((r) => under(path, r.prefix));
  if (!match) return null;
  if (
    PUBLIC.some(([m, p]) => m === method && p === path) ||
    PUBLIC_PREFIXES.some(([m, p]) => m === method && path.startsWith(p))
  ) {
    return { service: match.service, access: 'public' };
  }
  const exact = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (SIGNED_IN_EXCEPTIONS.some(([methods, re]) => methods.includes(method) && re.test(exact))) {
    return { service: match.service, access: 'any' };
  }
  return { service: match.service, access: ADMIN_PREFIXES.some((p) => under(path, p)) ? 'admin' : 'any' };
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
