import { freePort, http, infra, uniqueDbName } from '@sixa/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, login, startAuth } from '../../auth/test/factories';
import { loadSandboxConfig, SandboxProvider } from '../../sandbox-provider/src/server';
import { approveAtProvider, TEST_KEY } from './factories';
import { startTestGateway } from '../../../gateway/test/test-gateway';

const ENTRY = join(__dirname, '../dist/main.js');

/**
 * No log line carries a token or a key: the integrations service runs as its own process (the built
 * one, as deployed) at LOG_LEVEL=debug, every line it writes is kept, and an OAuth connection, an
 * API-key connection and a disconnection go through it; none of the sandbox's secrets appears.
 */
// Skipped only where the service is not built: `npm test` (and so CI) builds it before the tests.
(existsSync(ENTRY) ? describe : describe.skip)('integrations logs, at debug level', () => {
  let child: ChildProcess;
  let output = '';
  const stops: Array<() => Promise<unknown>> = [];

  afterAll(async () => {
    child?.kill('SIGTERM');
    for (const stop of stops.reverse()) await stop();
  });

  it('never write a token, a key or the client secret', async () => {
    const sandbox = await new SandboxProvider({ ...loadSandboxConfig({}), port: 0, seed: { contacts: 5 } }).start();
    stops.push(() => sandbox.stop());
    const auth = await startAuth();
    stops.push(() => auth.app.close());
    const port = await freePort();
    const redirectUri = 'http://127.0.0.1:9/integrations/oauth/callback';
    child = spawn(process.execPath, [ENTRY], {
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'debug',
        MONGO_URL: infra().mongoUrl,
        MONGO_DB: uniqueDbName('integrations'),
        KAFKA_BROKERS: infra().brokers.join(','),
        KAFKA_NAMESPACE: infra().namespace,
        JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
        INTEGRATIONS_ENCRYPTION_KEYS: TEST_KEY,
        OAUTH_REDIRECT_URIS: redirectUri,
        SANDBOX_PROVIDER_URL: sandbox.url,
        DEMO_MODE: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += String(d)));
    child.stderr!.on('data', (d) => (output += String(d)));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`${url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const gateway = await startTestGateway(
      { auth: auth.url, integrations: url },
      { env: { MONGO_URL: infra().mongoUrl, MONGO_DB: uniqueDbName('gateway') } },
    );
    stops.push(() => gateway.app.close());
    const { api } = gateway;
    const token = await login(auth.url, ADMIN);
    const call = (method: string, path: string, body?: unknown) => http(api, method, path, { token, body });

    expect((await call('POST', '/integrations/initialize-sample-data')).status).toBe(200);
    const init = await call('POST', '/integrations/oauth/initiate', {
      platform_id: 'sandbox-crm',
      connection_name: 'Logs',
      redirect_uri: redirectUri,
    });
    expect(init.status).toBe(200);
    const { code, state } = await approveAtProvider(init.body.authorization_url);
    const connected = await call('POST', '/integrations/oauth/callback', { platform_id: 'sandbox-crm', code, state });
    expect(connected.status).toBe(201);
    const bad = await call('POST', '/integrations/api-key-connection', {
      platform_id: 'sandbox-marketing',
      connection_name: 'K',
      api_key: 'sbx_wrong_key_9999',
    });
    expect(bad.status).toBe(400);
    const good = await call('POST', '/integrations/api-key-connection', {
      platform_id: 'sandbox-marketing',
      connection_name: 'K',
      api_key: 'sbx_demo_key_0001',
    });
    expect(good.status).toBe(201);
    const job = await call('POST', '/integrations/sync-jobs', { connection_id: good.body.id, data_type: 'contacts' });
    expect(job.status).toBe(201);
    const secrets = sandbox.secrets();
    expect((await call('DELETE', `/integrations/connections/${connected.body.id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));

    // The service did log (requests at debug level), and none of it is a secret.
    expect(output).toMatch(/"msg":"request completed"/);
    for (const s of [...secrets, code, 'sbx_wrong_key_9999', 'sandbox-client-secret']) expect(output).not.toContain(s);
  });
});
