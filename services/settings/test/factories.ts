import type { INestApplication } from '@nestjs/common';
import { apiAs, freePort, infra, serviceBase, uniqueDbName } from '@sixa/testing';
import { startAssistantService } from '../../assistant/src/app.module';
import { loadConfig as loadAssistantConfig, type AssistantConfig } from '../../assistant/src/config';
import { ADMIN, EMPLOYEE, login, startAuth, signInBoth } from '../../auth/test/factories';
import { startCrmService } from '../../crm/src/app.module';
import { loadConfig as loadCrmConfig } from '../../crm/src/config';
import { startWorkService } from '../../work/src/app.module';
import { loadConfig as loadWorkConfig } from '../../work/src/config';
import { startSettingsService } from '../src/app.module';
import { loadConfig, type SettingsConfig } from '../src/config';
import { startTestGateway } from '../../../gateway/test/test-gateway';
import type { ServiceName } from '../../../gateway/src/routes';

export { ADMIN, EMPLOYEE, login };

/**
 * Auth, settings and (when asked) crm and work on fresh databases, behind a gateway: `api` is where
 * the browser's calls go. They share the test's Kafka namespace: auth follows this settings service,
 * settings asks this work service for tasks.
 */
export async function startSettingsStack(
  opts: {
    crm?: boolean;
    work?: boolean;
    /** The assistant, following this settings service (its tools call the gateway). */
    assistant?: Partial<AssistantConfig>;
    settings?: Partial<SettingsConfig>;
  } = {},
) {
  const settingsDb = uniqueDbName('settings');
  const workDb = uniqueDbName('work');
  const auth = await startAuth();
  const common = serviceBase(auth.url);
  const apps: INestApplication[] = [auth.app];
  const settingsConfig: SettingsConfig = {
    ...loadConfig({}),
    ...common,
    mongoDb: settingsDb,
    ...opts.settings,
  };
  const settings = await startSettingsService(settingsConfig);
  apps.push(settings.app);
  const urls: Partial<Record<ServiceName, string>> & { auth: string } = { auth: auth.url, settings: settings.url };
  const gatewayPort = await freePort();
  const api = `http://127.0.0.1:${gatewayPort}/api`;
  if (opts.crm) {
    const crm = await startCrmService({ ...loadCrmConfig({}), ...common, mongoDb: uniqueDbName('crm') });
    apps.push(crm.app);
    urls.crm = crm.url;
  }
  if (opts.work) {
    const work = await startWorkService({ ...loadWorkConfig({}), ...common, mongoDb: workDb });
    apps.push(work.app);
    urls.work = work.url;
  }
  if (opts.assistant) {
    const assistant = await startAssistantService({
      ...loadAssistantConfig({}),
      ...common,
      mongoDb: uniqueDbName('assistant'),
      apiBaseUrl: api,
      readModelFromBeginning: false,
      ...opts.assistant,
    });
    apps.push(assistant.app);
    urls.assistant = assistant.url;
  }
  // The gateway counts rate limits in its own store.
  const gateway = await startTestGateway(urls, {
    port: gatewayPort,
    env: { MONGO_URL: infra().mongoUrl, MONGO_DB: uniqueDbName('gateway') },
  });
  apps.push(gateway.app);
  const { admin, employee } = await signInBoth(auth.url);
  const as = (token: string) => apiAs(api, token);
  return {
    api,
    auth,
    settingsConfig,
    settingsDb,
    workDb,
    admin,
    employee,
    as,
    stop: async () => {
      for (const app of apps.reverse()) await app.close();
    },
  };
}

export type SettingsStack = Awaited<ReturnType<typeof startSettingsStack>>;
