import type { AccessLevel, RouteKey } from './routes';
import type { MenuKey } from './settings';

/**
 * Who may call each route: THE one declaration. Every route each process registers is here, as
 * `METHOD /path` with the path pattern exactly as the process registers it (Fastify's pattern, without
 * /api: the gateway strips it), and its level:
 *
 * - `public`: no token at the gateway and the guard (sign-in, sign-out, the customer's and the signer's
 *   links, password reset links, the demo helpers: each checks its own credential, if any);
 * - `any`: any signed-in user, a viewer too: every read, and the few writes a viewer may make (its own
 *   display choices and the like: see VIEWER_WRITES in route-access.spec.ts, which pins them);
 * - `employee`: signed in and not a viewer (admin, employee, manager, user): the business's writes;
 * - `admin`: the admin role (the spec's admin-only screens: Team, Users, Settings);
 * - `internal`: not part of /api; probes, metrics scrapes and service-to-service reads on the
 *   process's own address (no token: the network decides who reaches it).
 *
 * The gateway checks the level before forwarding (gateway/src/routes.ts), and each service checks it
 * again by the route it matched (libs/auth RouteAccessGuard); a process that registers a route missing
 * here refuses to start, naming it (libs/observability http-app.ts). Record-level rules (a record's
 * writes belong to its owner or an admin) stay in the services.
 */
export const ROUTE_ACCESS = {
  auth: {
    'POST /auth/login': 'public',
    // An expired password is replaced before there is a token (the current password proves who asks).
    'POST /auth/change-expired-password': 'public',
    'POST /auth/initialize-default-users': 'public',
    'GET /auth/.well-known/jwks.json': 'public',
    'GET /auth/me': 'any',
    'GET /auth/me/preferences': 'any',
    'PUT /auth/me/preferences': 'any',
    // The auth service checks the token itself: the token of a session already ended may still sign
    // out (idempotent), so the gateway lets it through unsigned.
    'POST /auth/logout': 'public',
    // A forgotten password: the reset link is asked for, checked and used without a session (the
    // link's secret, in the body, is the credential).
    'POST /auth/forgot-password': 'public',
    'POST /auth/reset-password/check': 'public',
    'POST /auth/reset-password': 'public',
    'GET /users': 'admin',
    'POST /users': 'admin',
    'GET /users/:id': 'admin',
    'PUT /users/:id': 'admin',
    'PATCH /users/:id/toggle-status': 'admin',
    'DELETE /users/:id': 'admin',
    'GET /settings/users': 'admin',
    'POST /settings/users': 'admin',
    'POST /settings/users/:id/reset-password': 'admin',
    'PUT /settings/users/:id/notification-frequency': 'admin',
  },
  crm: {
    'GET /leads': 'any',
    'GET /leads/stats': 'any',
    'GET /leads/export.csv': 'any',
    'GET /leads/:id': 'any',
    'POST /leads': 'employee',
    'PUT /leads/:id': 'employee',
    'POST /leads/import': 'employee',
    'GET /products-services': 'any',
    'GET /quotes': 'any',
    'GET /quotes/defaults': 'any',
    'GET /quotes/analytics/summary': 'any',
    'GET /quotes/:id': 'any',
    'POST /quotes': 'employee',
    'PUT /quotes/:id': 'employee',
    'POST /quotes/:id/send': 'employee',
    // Demo mode only (404 otherwise); what POST /api/initialize-mock-data calls.
    'POST /quotes/init-sample-data': 'public',
    // The customer's signed link.
    'GET /quotes/public/:token': 'public',
    'POST /quotes/public/:token/accept': 'public',
    'POST /quotes/public/:token/reject': 'public',
  },
  work: {
    'GET /tasks': 'any',
    'GET /tasks/stats': 'any',
    'GET /tasks/assignees': 'any',
    'GET /tasks/:id': 'any',
    'POST /tasks': 'employee',
    'PUT /tasks/:id': 'employee',
    'DELETE /tasks/:id': 'employee',
    'GET /workflows': 'any',
    'GET /workflows/stats': 'any',
    'GET /workflows/mail-outbox': 'any',
    'GET /workflows/runs/:runId': 'any',
    'GET /workflows/:id': 'any',
    'GET /workflows/:id/runs': 'any',
    'POST /workflows': 'employee',
    'PUT /workflows/:id': 'employee',
    'POST /workflows/:id/pause': 'employee',
    'POST /workflows/:id/resume': 'employee',
    'POST /workflows/:id/execute': 'employee',
    'DELETE /workflows/:id': 'employee',
    'GET /team': 'admin',
    'GET /team/stats': 'admin',
    'GET /team/:id': 'admin',
    'POST /team': 'admin',
    'PUT /team/:id': 'admin',
    'DELETE /team/:id': 'admin',
    'GET /calendar/events': 'any',
    'GET /calendar/events/:id': 'any',
    'GET /calendar/events/:id.ics': 'any',
    'POST /calendar/events': 'employee',
    'PUT /calendar/events/:id': 'employee',
    'DELETE /calendar/events/:id': 'employee',
    // The caller's own subscription link and its secret (a viewer reads its calendar in its apps too).
    'GET /calendar/feed-link': 'any',
    'POST /calendar/feed-link/rotate': 'any',
    // What calendar apps fetch: the signed token in the path is the credential.
    'GET /calendar/feed/:token.ics': 'public',
  },
  documents: {
    'GET /documents': 'any',
    'GET /documents/:id': 'any',
    'GET /documents/:id/versions': 'any',
    'GET /documents/:id/signing-links': 'any',
    'GET /documents/:id/audit-trail': 'any',
    'GET /documents/:id/pdf': 'any',
    'GET /documents/:id/signed-pdf': 'any',
    'POST /documents': 'employee',
    'PUT /documents/:id': 'employee',
    'DELETE /documents/:id': 'employee',
    'POST /documents/:id/share-link': 'employee',
    'DELETE /documents/:id/share-link': 'employee',
    'POST /documents/:id/send-for-signature': 'employee',
    // A read sent as POST (the PDF travels in the body): whether a file is the signed copy.
    'POST /documents/verify': 'any',
    'POST /documents/convert': 'employee',
    // Demo mode only; what POST /api/initialize-mock-data calls.
    'POST /documents/initialize-sample-data': 'public',
    // An organization document's read-only share link, and the signer's pages, by their signed links.
    'GET /documents/shared/:token': 'public',
    'GET /documents/signing/:token': 'public',
    'GET /documents/signing/:token/pdf': 'public',
    'POST /documents/signing/:token/sign': 'public',
    'POST /documents/signing/:token/decline': 'public',
    'GET /document-templates': 'any',
    'GET /document-templates/:id': 'any',
    'POST /document-templates': 'employee',
    'PUT /document-templates/:id': 'employee',
    'DELETE /document-templates/:id': 'employee',
    // A read sent as POST (the values to fill in travel in the body): nothing is stored.
    'POST /document-templates/:id/preview': 'any',
    'GET /document-categories': 'any',
    'POST /document-categories': 'employee',
  },
  integrations: {
    'GET /integrations/platforms': 'any',
    'POST /integrations/platforms': 'admin',
    'POST /integrations/initialize-sample-data': 'employee',
    'GET /integrations/connections': 'any',
    // The connection's own user or an admin (the service checks who made it).
    'PUT /integrations/connections/:id': 'employee',
    'DELETE /integrations/connections/:id': 'employee',
    'POST /integrations/oauth/initiate': 'employee',
    'POST /integrations/oauth/callback': 'employee',
    'POST /integrations/api-key-connection': 'employee',
    // A manual sync of a connection: its own user or an admin (the service checks).
    'POST /integrations/sync-jobs': 'employee',
    'GET /integrations/sync-jobs': 'any',
    'GET /integrations/sync-jobs/:id': 'any',
    'GET /integrations/sync-jobs/:id/log': 'any',
    'GET /integrations/analytics': 'any',
  },
  settings: {
    'GET /settings/system': 'admin',
    'PUT /settings/system': 'admin',
    'GET /settings/ai': 'admin',
    'PUT /settings/ai': 'admin',
    'GET /settings/backup': 'admin',
    'GET /settings/security': 'admin',
    'PUT /settings/security': 'admin',
    'GET /settings/rate-limits': 'admin',
    'PUT /settings/rate-limits/:resource': 'admin',
    'DELETE /settings/rate-limits/:resource': 'admin',
    'POST /settings/initialize-sample-data': 'admin',
    'GET /settings/business-rules': 'admin',
    'POST /settings/business-rules': 'admin',
    'PUT /settings/business-rules/:id': 'admin',
    'DELETE /settings/business-rules/:id': 'admin',
    'POST /settings/business-rules/:id/activate': 'admin',
    'POST /settings/business-rules/:id/test': 'admin',
    'GET /settings/business-rules/:id/executions': 'admin',
    'GET /settings/webhooks': 'admin',
    'POST /settings/webhooks': 'admin',
    'PUT /settings/webhooks/:id': 'admin',
    'DELETE /settings/webhooks/:id': 'admin',
    'POST /settings/webhooks/:id/test': 'admin',
    'GET /settings/webhooks/:id/deliveries': 'admin',
    'PUT /settings/menu-config/:role': 'admin',
    // What the shell needs for everyone: the company name, the caller's role's sidebar and the
    // caller's dashboard layout (the service answers only the caller's own role or user, or any to an admin).
    'GET /settings/branding': 'any',
    'GET /settings/menu-config/:role': 'any',
    'GET /settings/dashboard-widgets/:userId': 'any',
    'PUT /settings/dashboard-widgets/:userId': 'employee',
    // The gateway reads the rate limits from here.
    'GET /internal/rate-limits': 'internal',
  },
  assistant: {
    // The viewer asks too: the assistant's tools call the API with the caller's own token, so a
    // viewer's conversation can read and nothing more; what is written is the caller's own chat.
    'POST /chat/message': 'any',
    'GET /chat/status': 'any',
    'GET /chat/sessions/:id': 'any',
    'GET /dashboard/metrics': 'any',
    'GET /dashboard/insights': 'any',
    'GET /dashboard/revenue-trend': 'any',
    'GET /dashboard/activity': 'any',
  },
  monitoring: {
    'GET /monitoring/system-status': 'any',
    'GET /monitoring/metrics/chart-data': 'any',
    'GET /monitoring/alerts': 'any',
    'GET /monitoring/alerts/:id': 'any',
    'GET /monitoring/analysis/latest': 'any',
    'POST /monitoring/alerts/:id/acknowledge': 'employee',
    'POST /monitoring/alerts/:id/resolve': 'employee',
    'POST /monitoring/simulate-alert': 'employee',
    'POST /monitoring/analyze': 'employee',
  },
} as const satisfies Record<string, Readonly<Record<RouteKey, AccessLevel>>>;

/** The services behind the gateway, by the section of ROUTE_ACCESS that declares their routes. */
export type ServiceName = keyof typeof ROUTE_ACCESS;

/** Every process (each service and the gateway) serves these besides its own routes. */
export const PROCESS_ROUTES = {
  'GET /health': 'internal',
  'GET /ready': 'internal',
  'GET /metrics': 'internal',
  // Each service's OpenAPI document, which the gateway gathers into /api/docs.
  'GET /openapi.json': 'internal',
} as const satisfies Readonly<Record<RouteKey, AccessLevel>>;

/**
 * The gateway's own routes. `routed`: the proxy to the services, where the route it forwards to
 * decides (its row in ROUTE_ACCESS). The WebSocket takes its token as a subprotocol (monitoring-hub.ts).
 */
export const GATEWAY_ROUTES = {
  'GET /api': 'public',
  // Demo mode only (404 otherwise): asks each service for its demo data.
  'POST /api/initialize-mock-data': 'public',
  'GET /ws/monitoring': 'any',
  // The OpenAPI document of every /api route, and its pages (Swagger UI's files).
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/openapi.json': 'public',
  // The AsyncAPI document of every topic and event type (libs/contracts/asyncapi.json).
  'GET /api/docs/asyncapi.json': 'public',
  'GET /api/docs-yaml': 'public',
  'GET /api/docs/index.html': 'public',
  'GET /api/docs/LICENSE': 'public',
  'GET /api/docs/swagger-ui-init.js': 'public',
  'GET /api/docs/docs/swagger-ui-init.js': 'public',
  'GET /api/docs/*': 'public',
  'GET /api/docs/docs/*': 'public',
  // CORS preflight (answered for the configured origins only).
  'OPTIONS *': 'public',
  // The web client's files (its screens check the user themselves, and the API behind them).
  'GET /*': 'public',
  'GET /api/*': 'routed',
  'POST /api/*': 'routed',
  'PUT /api/*': 'routed',
  'PATCH /api/*': 'routed',
  'DELETE /api/*': 'routed',
  // Methods no /api route has: refused (405 with Allow on a known path, else 404) before a body is read.
  'TRACE /api': 'public',
  'QUERY /api': 'public',
  // The proxy refuses these with 405 (Allow: GET, HEAD): /api itself is the gateway's GET only.
  'POST /api': 'routed',
  'PUT /api': 'routed',
  'PATCH /api': 'routed',
  'DELETE /api': 'routed',
  'TRACE /api/*': 'public',
  'QUERY /api/*': 'public',
} as const satisfies Readonly<Record<RouteKey | `${'OPTIONS' | 'TRACE' | 'QUERY'} ${string}`, AccessLevel | 'routed'>>;

/**
 * Each screen of the web client and the call it opens with: the screen is open to whoever may make
 * that call (its sidebar entry shows to them only, and its route refuses the others).
 */
export const SCREEN_ROUTES: Readonly<Record<MenuKey, RouteKey>> = {
  dashboard: 'GET /dashboard/metrics',
  leads: 'GET /leads',
  quotes: 'GET /quotes',
  documents: 'GET /documents',
  integrations: 'GET /integrations/platforms',
  tasks: 'GET /tasks',
  workflows: 'GET /workflows',
  team: 'GET /team',
  users: 'GET /users',
  calendar: 'GET /calendar/events',
  monitoring: 'GET /monitoring/system-status',
  settings: 'GET /settings/system',
};
