import type { INestApplication } from '@nestjs/common';
import { freePort, infra, uniqueDbName } from '@sixa/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthService } from '../services/auth/src/app.module';
import { startCrmService } from '../services/crm/src/app.module';
import { startAssistantService } from '../services/assistant/src/app.module';
import { loadConfig as loadAssistantConfig } from '../services/assistant/src/config';
import { readModelJoined } from '../services/assistant/test/factories';
import { startWorkService } from '../services/work/src/app.module';
import { loadConfig as loadWorkConfig } from '../services/work/src/config';
import { startDocumentsService } from '../services/documents/src/app.module';
import { loadConfig as loadDocumentsConfig } from '../services/documents/src/config';
import { startMonitoringService } from '../services/monitoring/src/app.module';
import { startSettingsService } from '../services/settings/src/app.module';
import { loadConfig as loadSettingsConfig } from '../services/settings/src/config';
import { loadConfig as loadMonitoringConfig } from '../services/monitoring/src/config';
import { loadConfig as loadCrmConfig } from '../services/crm/src/config';
import { loadConfig as loadAuthConfig } from '../services/auth/src/config';
import { startIntegrationsService } from '../services/integrations/src/app.module';
import { loadConfig as loadIntegrationsConfig } from '../services/integrations/src/config';
import { loadSandboxConfig, SandboxProvider } from '../services/sandbox-provider/src/server';
import { loadConfig as loadGatewayConfig } from '../gateway/src/config';
import { startGateway } from '../gateway/src/main';

/**
 * The product as a user reaches it: the services on fresh databases, and the gateway serving web/dist
 * (`webClient: false`: the API alone, for tests that need no browser).
 */
export async function startStack(opts: { webClient?: boolean } = {}) {
  const { brokers, mongoUrl } = infra();
  const apps: INestApplication[] = [];
  // The assistant's tools call the API through the gateway, as the browser does, and the links in
  // e-mails (signing, password reset) open on it: its port is chosen first.
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  // E-mails are written here as .eml files (no SMTP): tests read the links from them.
  const mailOutboxDir = mkdtempSync(join(tmpdir(), 'sixa-browser-mail-'));
  const auth = await startAuthService({
    ...loadAuthConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('auth_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    publicUrl: gatewayUrl,
    mailOutboxDir,
    logLevel: 'warn',
  });
  apps.push(auth.app);
  const crm = await startCrmService({
    ...loadCrmConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('crm_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    logLevel: 'warn',
  });
  apps.push(crm.app);
  const work = await startWorkService({
    ...loadWorkConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('work_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    timerSweepMs: 500,
    logLevel: 'warn',
  });
  apps.push(work.app);
  const monitoring = await startMonitoringService({
    ...loadMonitoringConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('monitoring_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    probeTargets: [
      { target: 'auth', url: auth.url },
      { target: 'crm', url: crm.url },
      { target: 'work', url: work.url },
    ],
    gatewayMetricsUrls: [],
    logLevel: 'warn',
  });
  apps.push(monitoring.app);
  const documents = await startDocumentsService({
    ...loadDocumentsConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('documents_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    publicUrl: gatewayUrl,
    mailOutboxDir,
    signingSweepMs: 500,
    logLevel: 'warn',
  });
  apps.push(documents.app);
  // Settings: the password policy (auth), system and AI settings (crm, the assistant), rate limits
  // (the gateway), webhooks and business rules (tasks through work, statuses through crm, alerts
  // through monitoring); the rules' e-mails go to the same outbox as the signing ones.
  const settings = await startSettingsService({
    ...loadSettingsConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('settings_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    mailOutboxDir,
    logLevel: 'warn',
  });
  apps.push(settings.app);
  // The Integrations Hub connects to the sandbox provider (its consent page opens in the browser) and
  // sends the contacts it brings in to this stack's crm; the provider sends the user back to the web
  // client's callback page on the gateway.
  const sandbox = await new SandboxProvider({ ...loadSandboxConfig({}), port: 0, seed: { contacts: 50 } }).start();
  const integrations = await startIntegrationsService({
    ...loadIntegrationsConfig({ INTEGRATIONS_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}` }),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('integrations_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    sandboxUrl: sandbox.url,
    oauthRedirectUris: [`${gatewayUrl}/integrations/oauth/callback`],
    runnerIntervalMs: 200,
    logLevel: 'warn',
  });
  apps.push(integrations.app);
  const assistantConfig = {
    ...loadAssistantConfig({}),
    port: await freePort(),
    mongoUrl,
    mongoDb: uniqueDbName('assistant_browser'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
    apiBaseUrl: `${gatewayUrl}/api`,
    // Figures from the stack's start (the browser tests compare deltas); no replay of the shared topics' history.
    readModelFromBeginning: false,
    logLevel: 'warn',
  };
  let assistant: Awaited<ReturnType<typeof startAssistantService>> | null =
    await startAssistantService(assistantConfig);
  const gateway = await startGateway({
    ...loadGatewayConfig({
      AUTH_SERVICE_URL: auth.url,
      CRM_SERVICE_URL: crm.url,
      WORK_SERVICE_URL: work.url,
      MONITORING_SERVICE_URL: monitoring.url,
      // The live stream shows this stack's platform only (other suites' monitoring publish on the same Kafka).
      DOCUMENTS_SERVICE_URL: documents.url,
      ASSISTANT_SERVICE_URL: `http://127.0.0.1:${assistantConfig.port}`,
      SETTINGS_SERVICE_URL: settings.url,
      INTEGRATIONS_SERVICE_URL: integrations.url,
      // The rate-limit counts (the settings service's limits) in a store of this stack's own.
      MONGO_URL: mongoUrl,
      MONGO_DB: uniqueDbName('gateway_browser'),
      KAFKA_BROKERS: brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'warn',
    }),
    port: gatewayPort,
    // WEB_DIST: a build elsewhere (a copy of web/dist that another build in the same tree cannot replace mid-run).
    webDist: opts.webClient === false ? undefined : process.env.WEB_DIST || join(__dirname, '..', 'web', 'dist'),
  });
  apps.push(gateway.app);
  return {
    url: gateway.url,
    /** Each process and its own address (the services can be called past the gateway). */
    processes: {
      gateway: gateway,
      auth,
      crm,
      work,
      documents,
      integrations,
      settings,
      assistant: { app: assistant.app, url: `http://127.0.0.1:${assistantConfig.port}` },
      monitoring,
    },
    /** The folder e-mails are written to (signature requests with the signers' links, password reset links). */
    mailOutboxDir,
    /** The sandbox provider the sample integration platforms point at. */
    sandboxUrl: sandbox.url,
    /** Stops the assistant (the gateway still routes to it: its calls then fail), as when it is down. */
    stopAssistant: async () => {
      await assistant?.app.close();
      assistant = null;
    },
    /** Starts it again on its address. */
    startAssistant: async () => {
      if (assistant) return;
      assistant = await startAssistantService(assistantConfig);
      await readModelJoined(assistant.app);
    },
    /**
     * The gateway first (no new calls), then every service at once: each close waits on its Kafka
     * consumers leaving their groups, which one after another took over a minute on a loaded CI machine.
     */
    stop: async () => {
      const [gatewayApp, ...services] = [...apps].reverse();
      await gatewayApp.close();
      await Promise.all([assistant?.app.close(), ...services.map((app) => app.close())]);
      await sandbox.stop();
      await rm(mailOutboxDir, { recursive: true, force: true });
    },
  };
}
