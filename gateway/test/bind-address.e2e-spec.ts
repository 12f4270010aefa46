import type { INestApplication } from '@nestjs/common';
import { ConfigError } from '@sixa/observability';
import { infra, sleep, uniqueDbName } from '@sixa/testing';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { startAuthService } from '../../services/auth/src/app.module';
import { loadConfig as loadAuthConfig } from '../../services/auth/src/config';
import { startCrmService } from '../../services/crm/src/app.module';
import { loadConfig as loadCrmConfig } from '../../services/crm/src/config';
import { startMonitoringService } from '../../services/monitoring/src/app.module';
import { loadConfig as loadMonitoringConfig } from '../../services/monitoring/src/config';
import { loadConfig as loadGatewayConfig } from '../src/config';
import { startGateway } from '../src/main';

type Env = Record<string, string>;

/** Each process started with the configuration its variables give (only the port and the stores set here). */
const PROCESSES: Array<[name: string, start: (env: Env) => Promise<{ app: INestApplication; url: string }>]> = [
  ['auth', (env) => startAuthService({ ...loadAuthConfig(env), ...stores('auth'), port: 0, logLevel: 'warn' })],
  ['crm', (env) => startCrmService({ ...loadCrmConfig(env), ...stores('crm'), port: 0, logLevel: 'warn' })],
  [
    'monitoring',
    (env) =>
      startMonitoringService({
        ...loadMonitoringConfig(env),
        ...stores('monitoring'),
        port: 0,
        samplerEnabled: false,
        probeTargets: [],
        gatewayMetricsUrls: [],
        logLevel: 'warn',
      }),
  ],
  [
    'gateway',
    (env) =>
      startGateway({
        ...loadGatewayConfig({ ...env, KAFKA_BROKERS: infra().brokers.join(','), KAFKA_NAMESPACE: infra().namespace }),
        port: 0,
      }),
  ],
];

function stores(name: string) {
  return {
    mongoUrl: infra().mongoUrl,
    mongoDb: uniqueDbName(`${name}_bind`),
    kafkaBrokers: infra().brokers,
    kafkaNamespace: infra().namespace,
  };
}

const boundAddress = (app: INestApplication) => app.getHttpServer().address() as { address: string; port: number };

/** This machine's first address other than loopback, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

/**
 * Waits for /ready at the URL the process reports: it serves there, and its Kafka consumers are up
 * (closing the app while they still connect would leave them running).
 */
async function ready(url: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
    const res = await fetch(`${url}/ready`).catch(() => null);
    if (res?.ok) return;
  }
  throw new Error(`${url}/ready did not answer 200 within 30 s`);
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('bind address (HOST)', () => {
  it.each(PROCESSES)('%s listens on 127.0.0.1 only with the default configuration', async (_name, start) => {
    const { app, url } = await start({});
    try {
      await ready(url);
      const { address, port } = boundAddress(app);
      expect(address).toBe('127.0.0.1');
      expect(url).toBe(`http://127.0.0.1:${port}`);
      const external = externalAddress();
      if (external) expect(await accepts(external, port)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it.each(PROCESSES)('%s listens on every interface with HOST=0.0.0.0 (containers)', async (_name, start) => {
    const { app, url } = await start({ HOST: '0.0.0.0' });
    try {
      await ready(url);
      const { address, port } = boundAddress(app);
      expect(address).toBe('0.0.0.0');
      expect(url).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await app.close();
    }
  });

  it('refuses a HOST that is neither an address nor a host name, naming the variable', () => {
    for (const load of [loadAuthConfig, loadCrmConfig, loadMonitoringConfig, loadGatewayConfig]) {
      expect(() => load({ HOST: 'http://0.0.0.0' })).toThrow(ConfigError);
      expect(() => load({ HOST: 'http://0.0.0.0' })).toThrow(/HOST/);
    }
  });
});
