import type { INestApplication } from '@nestjs/common';
import { apiAs, consumersFetching, freePort, infra, serviceBase, uniqueDbName } from '@sixa/testing';
import { randomBytes } from 'node:crypto';
import { startAuth, signInBoth } from '../../auth/test/factories';
import { startCrmService } from '../../crm/src/app.module';
import { loadConfig as loadCrmConfig } from '../../crm/src/config';
import { startMonitoringService } from '../../monitoring/src/app.module';
import { startWorkService } from '../../work/src/app.module';
import { loadConfig as loadWorkConfig } from '../../work/src/config';
import { loadConfig as loadMonitoringConfig } from '../../monitoring/src/config';
import { loadSandboxConfig, SandboxProvider, type SandboxConfig } from '../../sandbox-provider/src/server';
import { startIntegrationsService } from '../src/app.module';
import { loadConfig, type IntegrationsConfig } from '../src/config';
import { startTestGateway } from '../../../gateway/test/test-gateway';
import type { ServiceName } from '../../../gateway/src/routes';

export const TEST_KEY = `k1:${randomBytes(32).toString('base64')}`;

/**
 * The sandbox provider, auth, crm, monitoring (when asked) and the integrations service (two
 * processes when asked) on fresh databases, behind a gateway.
 */
export async function startIntegrationsStack(
  opts: {
    sandbox?: Partial<SandboxConfig>;
    integrations?: Partial<IntegrationsConfig>;
    monitoring?: boolean;
    /** The work service, where synced tasks and events go. */
    work?: boolean;
    replicas?: number;
  } = {},
) {
  const apps: INestApplication[] = [];
  const sandbox = await new SandboxProvider({ ...loadSandboxConfig({}), port: 0, ...opts.sandbox }).start();
  const auth = await startAuth();
  apps.push(auth.app);
  const common = serviceBase(auth.url);
  const crmDb = uniqueDbName('crm');
  const crm = await startCrmService({ ...loadCrmConfig({}), ...common, mongoDb: crmDb });
  apps.push(crm.app);
  const urls: Partial<Record<ServiceName, string>> & { auth: string } = { auth: auth.url, crm: crm.url };
  if (opts.work) {
    const w = await startWorkService({ ...loadWorkConfig({}), ...common, mongoDb: uniqueDbName('work') });
    apps.push(w.app);
    urls.work = w.url;
  }
  if (opts.monitoring) {
    const m = await startMonitoringService({
      ...loadMonitoringConfig({}),
      ...common,
      mongoDb: uniqueDbName('monitoring'),
      probeTargets: [],
      gatewayMetricsUrls: [],
      sampleIntervalMs: 3_600_000,
    });
    apps.push(m.app);
    urls.monitoring = m.url;
  }
  const gatewayPort = await freePort();
  const redirectUri = `http://127.0.0.1:${gatewayPort}/integrations/oauth/callback`;
  const config: IntegrationsConfig = {
    ...loadConfig({ INTEGRATIONS_ENCRYPTION_KEYS: TEST_KEY }),
    ...common,
    mongoDb: uniqueDbName('integrations'),
    oauthRedirectUris: [redirectUri],
    sandboxUrl: sandbox.url,
    runnerIntervalMs: 200,
    ...opts.integrations,
  };
  const replicas = [];
  for (let i = 0; i < (opts.replicas ?? 1); i++) {
    const r = await startIntegrationsService(config);
    apps.push(r.app);
    replicas.push(r);
  }
  urls.integrations = replicas[0].url;
  const gateway = await startTestGateway(urls, {
    port: gatewayPort,
    env: { MONGO_URL: infra().mongoUrl, MONGO_DB: uniqueDbName('gateway') },
  });
  apps.push(gateway.app);
  // Sync pages go to crm and work as commands, read from the end by groups new to this stack.
  await consumersFetching(apps);
  const api = `http://127.0.0.1:${gatewayPort}/api`;
  const { admin, employee } = await signInBoth(auth.url);
  const as = (token: string) => apiAs(api, token);
  return {
    api,
    sandbox,
    config,
    crmDb,
    redirectUri,
    admin,
    employee,
    as,
    stop: async () => {
      for (const app of apps.reverse()) {
        const t = Date.now();
        await app.close();
        if (process.env.DEBUG_STOP) process.stderr.write(`closed ${app.constructor.name} in ${Date.now() - t} ms\n`);
      }
      await sandbox.stop();
    },
  };
}

export type IntegrationsStack = Awaited<ReturnType<typeof startIntegrationsStack>>;

/** The user's side of the consent page: open the authorization URL, approve, and read the code off the redirect. */
export async function approveAtProvider(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const consent = await fetch(authorizationUrl);
  if (consent.status !== 200) throw new Error(`consent page answered ${consent.status}`);
  const html = await consent.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [
      m[1],
      m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    ]),
  );
  const decided = await fetch(new URL('/oauth/decision', authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
    redirect: 'manual',
  });
  const back = new URL(decided.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}
