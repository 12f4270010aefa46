import type { INestApplication } from '@nestjs/common';
import { http, infra, uniqueDbName } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, startAuth } from '../../services/auth/test/factories';
import { startCrmService } from '../../services/crm/src/app.module';
import { loadConfig as loadCrmConfig } from '../../services/crm/src/config';
import { startSettingsService } from '../../services/settings/src/app.module';
import { loadConfig as loadSettingsConfig } from '../../services/settings/src/config';
import { loadConfig, type GatewayConfig } from '../src/config';
import { startGateway } from '../src/main';

/**
 * Auth, crm and settings on fresh databases, behind `gateways` gateways that share one store for the
 * rate-limit counts (MONGO_DB of their own): the real services the viewer and rate-limit tests go through.
 */
export async function startGatewayStack(opts: { gateways?: number; gateway?: Partial<GatewayConfig> } = {}) {
  const auth = await startAuth();
  const common = {
    port: 0,
    mongoUrl: infra().mongoUrl,
    kafkaBrokers: infra().brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    logLevel: 'warn',
  };
  const apps: INestApplication[] = [auth.app];
  const settings = await startSettingsService({
    ...loadSettingsConfig({}),
    ...common,
    mongoDb: uniqueDbName('settings'),
  });
  apps.push(settings.app);
  const crm = await startCrmService({ ...loadCrmConfig({}), ...common, mongoDb: uniqueDbName('crm') });
  apps.push(crm.app);
  const env = {
    AUTH_SERVICE_URL: auth.url,
    CRM_SERVICE_URL: crm.url,
    SETTINGS_SERVICE_URL: settings.url,
    KAFKA_BROKERS: infra().brokers.join(','),
    KAFKA_NAMESPACE: infra().namespace,
    MONGO_URL: infra().mongoUrl,
    MONGO_DB: uniqueDbName('gateway'),
    LOG_LEVEL: 'warn',
  };
  const apis: string[] = [];
  for (let i = 0; i < (opts.gateways ?? 1); i++) {
    const g = await startGateway({ ...loadConfig(env), port: 0, ...opts.gateway });
    apps.push(g.app);
    apis.push(`${g.url}/api`);
  }
  return {
    auth,
    crmUrl: crm.url,
    settingsUrl: settings.url,
    apis,
    api: apis[0],
    admin: await login(auth.url, ADMIN),
    employee: await login(auth.url, EMPLOYEE),
    /** A new user with `role`, signed in: their token and id. */
    async userWith(role: string, admin: string) {
      const body = {
        name: `A ${role}`,
        email: `${role}.${uniqueDbName('u')}@example.com`,
        password: 'Sup3r-secret',
        role,
      };
      const created = await http(auth.url, 'POST', '/users', { token: admin, body });
      if (created.status !== 201)
        throw new Error(`creating a ${role}: ${created.status} ${JSON.stringify(created.body)}`);
      return {
        id: created.body.id as string,
        token: await login(auth.url, { email: body.email, password: body.password }),
      };
    },
    stop: async () => {
      for (const app of apps.reverse()) await app.close();
    },
  };
}

export { ADMIN, EMPLOYEE };
