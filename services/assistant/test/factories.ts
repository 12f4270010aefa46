import type { INestApplication } from '@nestjs/common';
import { freePort, serviceBase, uniqueDbName } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, startAuth } from '../../auth/test/factories';
import { startCrmService } from '../../crm/src/app.module';
import { loadConfig as loadCrmConfig } from '../../crm/src/config';
import { startMonitoringService } from '../../monitoring/src/app.module';
import { loadConfig as loadMonitoringConfig } from '../../monitoring/src/config';
import { startWorkService } from '../../work/src/app.module';
import { loadConfig as loadWorkConfig } from '../../work/src/config';
import { startAssistantService } from '../src/app.module';
import { loadConfig, type AssistantConfig } from '../src/config';
import { ReadModelConsumer } from '../src/dashboard/read-model.consumer';
import { startTestGateway } from '../../../gateway/test/test-gateway';

export { ADMIN, EMPLOYEE, login };

export interface AssistantStackOptions {
  assistant?: Partial<AssistantConfig>;
  /** Start the monitoring service too (the platform-health tool reads it). */
  monitoring?: boolean;
}

/**
 * The workspace as the assistant reaches it: auth, crm, work (and monitoring when asked) on fresh
 * databases, the assistant, and a gateway in front of them all. The gateway's port is chosen first,
 * since the assistant's tools call the API through it. `api` is the gateway's `/api` (tests go there).
 * `restartAssistant()` stops the assistant and starts it again on the same database (or on the
 * overrides given, e.g. a fresh database and another read-model generation for a rebuild).
 */
export async function startAssistantStack(options: AssistantStackOptions = {}) {
  const apps: INestApplication[] = [];
  const auth = await startAuth();
  const common = serviceBase(auth.url);
  const crmDb = uniqueDbName('crm');
  const workDb = uniqueDbName('work');
  const crm = await startCrmService({ ...loadCrmConfig({}), ...common, mongoDb: crmDb });
  apps.push(crm.app);
  const work = await startWorkService({
    ...loadWorkConfig({}),
    ...common,
    mongoDb: workDb,
    timerSweepMs: 250,
  });
  apps.push(work.app);
  const monitoring = options.monitoring
    ? await startMonitoringService({
        ...loadMonitoringConfig({}),
        ...common,
        mongoDb: uniqueDbName('monitoring'),
        probeTargets: [
          { target: 'auth', url: auth.url },
          { target: 'crm', url: crm.url },
          { target: 'work', url: work.url },
        ],
        gatewayMetricsUrls: [],
        sampleIntervalMs: 3_600_000,
      })
    : null;
  if (monitoring) apps.push(monitoring.app);

  const gatewayPort = await freePort();
  const api = `http://127.0.0.1:${gatewayPort}/api`;
  const config: AssistantConfig = {
    ...loadConfig({}),
    ...common,
    mongoDb: uniqueDbName('assistant'),
    apiBaseUrl: api,
    // The topics' history is read only by the tests that need it (the dashboard's).
    readModelFromBeginning: false,
    ...options.assistant,
  };
  let assistant = await startAssistantService(config);
  await readModelJoined(assistant.app);

  const gatewayFor = (assistantUrl: string) =>
    startTestGateway(
      { auth: auth.url, crm: crm.url, work: work.url, assistant: assistantUrl, monitoring: monitoring?.url },
      { port: gatewayPort },
    );
  let gateway = await gatewayFor(assistant.url);
  const [admin, employee] = await Promise.all([login(auth.url, ADMIN), login(auth.url, EMPLOYEE)]);

  const ctx = {
    api,
    /** The assistant itself (no /api). */
    url: assistant.url,
    app: assistant.app,
    config,
    auth,
    crm,
    work,
    /** The databases of this stack's crm and work (what it made, read from the store). */
    crmDb,
    workDb,
    monitoring,
    admin,
    employee,
    /** Stops the assistant and starts it again (same database unless overridden); the gateway follows it. */
    restartAssistant: async (overrides: Partial<AssistantConfig> = {}) => {
      await ctx.app.close();
      ctx.config = { ...ctx.config, ...overrides };
      assistant = await startAssistantService(ctx.config);
      await readModelJoined(assistant.app);
      await gateway.app.close();
      gateway = await gatewayFor(assistant.url);
      ctx.url = assistant.url;
      ctx.app = assistant.app;
    },
    stop: async () => {
      await gateway.app.close();
      await ctx.app.close();
      for (const app of apps.reverse()) await app.close();
      await auth.app.close();
    },
  };
  return ctx;
}

/** Waits until the assistant's read model fetches (from then on no event is missed), for at most 60 s. */
export async function readModelJoined(app: INestApplication): Promise<void> {
  const joined = app.get(ReadModelConsumer).fetching;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    joined,
    new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the read model did not join its group within 60 s')), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
}
