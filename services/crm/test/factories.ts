import { http, serviceBase, uniqueDbName } from '@sixa/testing';
import { startAuth, signInBoth } from '../../auth/test/factories';
import { startCrmService } from '../src/app.module';
import { loadConfig, type CrmConfig } from '../src/config';

/** The auth service (for real tokens) and the crm service on fresh databases. */
export async function startCrm(overrides: Partial<CrmConfig> = {}) {
  const auth = await startAuth();
  const config: CrmConfig = {
    ...loadConfig({}),
    ...serviceBase(auth.url),
    mongoDb: uniqueDbName('crm'),
    ...overrides,
  };
  const crm = await startCrmService(config);
  const { admin, employee } = await signInBoth(auth.url);
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
