import { http, infra, uniqueDbName } from '@sixa/testing';
import { startAuth, ADMIN, EMPLOYEE, login } from '../../auth/test/factories';
import { startCrmService } from '../src/app.module';
import { loadConfig, type CrmConfig } from '../src/config';

/** The auth service (for real tokens) and the crm service on fresh databases. */
export async function startCrm(overrides: Partial<CrmConfig> = {}) {
  const auth = await startAuth();
  const config: CrmConfig = {
    ...loadConfig({}),
    port: 0,
    mongoUrl: infra().mongoUrl,
    mongoDb: uniqueDbName('crm'),
    kafkaBrokers: infra().brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    logLevel: 'warn',
    ...overrides,
  };
  const crm = await startCrmService(config);
  const admin = await login(auth.url, ADMIN);
  const employee = await login(auth.url, EMPLOYEE);
  const ctx = {
    url: crm.url,
    app: crm.app,
    config,
    auth,
    admin,
    employee,
    /** Closes the crm app the context holds now (a test may have restarted it) and auth. */
    stop: async () => {
      await ctx.app.close();
      await auth.app.close();
    },
  };
  return ctx;
}

let n = 0;
export function newLead(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    name: `Lead ${n}`,
    email: `lead${n}.${Date.now()}@acme-${n}.com`,
    company: `Acme ${n}`,
    phone: '',
    source: 'Website',
    notes: '',
    ...overrides,
  };
}

/** Seeds the sample catalogue and returns the products by name prefix. */
export async function catalogue(url: string, token: string) {
  await http(url, 'POST', '/quotes/init-sample-data');
  const products = (await http(url, 'GET', '/products-services', { token })).body as Array<{
    id: string;
    name: string;
    prices: Record<string, number>;
  }>;
  return (prefix: string) => products.find((p) => p.name.startsWith(prefix))!;
}
