import { apiAs, http, serviceBase, uniqueDbName } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, startAuth, signInBoth } from '../../auth/test/factories';
import { startDocumentsService } from '../src/app.module';
import { loadConfig, type DocumentsConfig } from '../src/config';
import { startTestGateway } from '../../../gateway/test/test-gateway';

export { ADMIN, EMPLOYEE, login };

/** The configuration a test's documents service runs with: a fresh database and the test run's Kafka. */
export function documentsTestConfig(authUrl: string, overrides: Partial<DocumentsConfig> = {}): DocumentsConfig {
  return {
    ...loadConfig({}),
    ...serviceBase(authUrl),
    mongoDb: uniqueDbName('documents'),
    ...overrides,
  };
}

/**
 * The auth service (real tokens), the documents service on a fresh database, and a gateway in front
 * of both: `api` is the gateway's `/api`, where the browser's calls go.
 */
export async function startDocuments(overrides: Partial<DocumentsConfig> = {}) {
  const auth = await startAuth();
  const config = documentsTestConfig(auth.url, overrides);
  const documents = await startDocumentsService(config);
  const gateway = await startTestGateway({ auth: auth.url, documents: documents.url });
  const { admin, employee } = await signInBoth(auth.url);
  const ctx = {
    /** The documents service's own base URL (no /api). */
    url: documents.url,
    /** The gateway's /api base: the browser's way in. */
    api: gateway.api,
    admin,
    employee,
    auth,
    app: documents.app,
    config,
    /** Calls through the gateway as the holder of `token` (none: without signing in). */
    as: (token?: string) => apiAs(ctx.api, token),
    stop: async () => {
      await gateway.app.close();
      await documents.app.close();
      await auth.app.close();
    },
  };
  return ctx;
}

export type DocumentsContext = Awaited<ReturnType<typeof startDocuments>>;

/** The signed-in user's id (the `sub` of their access token). */
export function userIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string;
}

let n = 0;

/** Another staff member (created through auth by the admin), signed in. */
export async function newStaff(ctx: DocumentsContext, role: 'admin' | 'employee' = 'employee') {
  n++;
  const who = {
    name: `Docs User ${n}`,
    email: `docs${n}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'Sup3r-secret!',
    role,
  };
  const res = await http(ctx.auth.url, 'POST', '/users', { token: ctx.admin, body: who });
  if (res.status !== 201) throw new Error(`creating ${who.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.id as string,
    name: who.name,
    email: who.email,
    token: await login(ctx.auth.url, { email: who.email, password: who.password }),
  };
}

/** A template as the Create New Template modal sends it. */
export function newTemplate(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    title: `Template ${n}`,
    description: 'For tests',
    type: 'proposal',
    content: '<p>Dear {{customer_name}}, your total is {{amount}}.</p>',
    variables: ['customer_name', 'amount'],
    file_format: 'html',
    tags: ['test'],
    created_by: 'current_user',
    ...overrides,
  };
}

/** A document as the Create New Document modal sends it (raw content, private by default). */
export function newDocument(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    title: `Document ${n}`,
    description: '',
    type: 'custom',
    content: `<p>Body ${n}</p>`,
    file_format: 'html',
    created_by: 'current_user',
    ...overrides,
  };
}
