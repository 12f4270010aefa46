import type { INestApplication } from '@nestjs/common';
import { http, infra, sleep } from '@sixa/testing';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import jwt from 'jsonwebtoken';
import {
  ADMIN,
  EMPLOYEE,
  login,
  newUser,
  startAuth,
  testKeyPair,
  TEST_PRIVATE_KEY,
} from '../../services/auth/test/factories';
import { loadConfig } from '../src/config';
import { startGateway } from '../src/main';

/** Every /api route of the product, with the access the spec gives it (part 1 s.6, part 2 s.6). */
const ROUTES: Array<[method: string, path: string, level: 'any' | 'admin']> = [
  ['GET', '/auth/me', 'any'],
  ['GET', '/users', 'admin'],
  ['POST', '/users', 'admin'],
  ['PUT', '/users/000000000000000000000000', 'admin'],
  ['PATCH', '/users/000000000000000000000000/toggle-status', 'admin'],
  ['DELETE', '/users/000000000000000000000000', 'admin'],
  ['GET', '/settings/users', 'admin'],
  ['POST', '/settings/users', 'admin'],
  ['GET', '/settings/system', 'admin'],
  ['PUT', '/settings/security', 'admin'],
  ['GET', '/settings/webhooks', 'admin'],
  ['PUT', '/settings/menu-config/admin', 'admin'],
  // The shell's own settings: any signed-in user at the gateway (the settings service narrows them).
  ['GET', '/settings/menu-config/employee', 'any'],
  ['GET', '/settings/branding', 'any'],
  ['PUT', '/settings/dashboard-widgets/000000000000000000000000', 'any'],
  ['POST', '/settings/initialize-sample-data', 'admin'],
  ['GET', '/team', 'admin'],
  ['POST', '/team', 'admin'],
  ['GET', '/dashboard/metrics', 'any'],
  ['GET', '/dashboard/insights', 'any'],
  ['GET', '/leads', 'any'],
  ['POST', '/leads', 'any'],
  ['PUT', '/leads/x', 'any'],
  ['GET', '/tasks', 'any'],
  ['POST', '/tasks', 'any'],
  ['PUT', '/tasks/x', 'any'],
  ['GET', '/workflows', 'any'],
  ['POST', '/workflows/x/execute', 'any'],
  ['POST', '/chat/message', 'any'],
  ['GET', '/monitoring/system-status', 'any'],
  ['GET', '/monitoring/alerts?limit=10', 'any'],
  ['POST', '/monitoring/simulate-alert?severity=low', 'any'],
  ['GET', '/calendar/events', 'any'],
  ['DELETE', '/calendar/events/x', 'any'],
  ['GET', '/quotes', 'any'],
  ['POST', '/quotes/x/send', 'any'],
  ['GET', '/products-services', 'any'],
  ['GET', '/document-templates', 'any'],
  ['POST', '/documents/convert', 'any'],
  ['GET', '/document-categories', 'any'],
  ['GET', '/integrations/platforms', 'any'],
  ['POST', '/integrations/sync-jobs', 'any'],
];

/** A request sent with its path exactly as written (fetch would normalise dot segments first, and refuses TRACE). */
function rawStatus(base: string, path: string, token: string, method = 'GET'): Promise<number> {
  return rawAnswer(base, path, token, method).then((a) => a.status);
}

function rawAnswer(
  base: string,
  path: string,
  token: string,
  method: string,
): Promise<{ status: number; allow?: string }> {
  const { hostname, port, pathname } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, method, path: `${pathname}${path}`, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Asks /ws/monitoring for an upgrade with the token a browser would offer; resolves with the refusal. */
function refusedUpgrade(base: string, token: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({
      hostname,
      port,
      path: '/ws/monitoring',
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': `sixa.monitoring.v1, bearer.${token}`,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) }));
    });
    req.on('upgrade', () => reject(new Error('the gateway accepted the upgrade')));
    req.on('error', reject);
    req.end();
  });
}

describe('gateway', () => {
  let auth: INestApplication;
  let gateway: INestApplication;
  let authUrl: string;
  let api: string;
  let issuer: string;
  let audience: string;
  let kid: string;

  beforeAll(async () => {
    const started = await startAuth();
    auth = started.app;
    authUrl = started.url;
    ({ issuer, audience } = started.config);
    const config = loadConfig({
      AUTH_SERVICE_URL: authUrl,
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'warn',
    });
    const g = await startGateway({ ...config, port: 0 });
    gateway = g.app;
    api = `${g.url}/api`;
    kid = (await http(authUrl, 'GET', '/auth/.well-known/jwks.json')).body.keys[0].kid;
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
  });

  it('answers the connectivity check without a token', async () => {
    const res = await http(api, 'GET', '/');
    expect(res.status).toBe(200);
    expect(res.body.services.auth).toBe('deployed');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves the committed AsyncAPI document of the events beside the OpenAPI one, without a token', async () => {
    const res = await http(api, 'GET', '/docs/asyncapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(readFileSync(`${__dirname}/../../libs/contracts/asyncapi.json`, 'utf8')));
  });

  it('seeds demo data idempotently through POST /api/initialize-mock-data', async () => {
    const first = await http(api, 'POST', '/initialize-mock-data');
    const second = await http(api, 'POST', '/initialize-mock-data');
    expect(first.body).toEqual({ results: { auth: 'ok' } });
    expect(second.body).toEqual({ results: { auth: 'ok' } });
  });

  it('proxies sign-in and the profile call', async () => {
    const token = await login(api, ADMIN);
    const me = await http(api, 'GET', '/auth/me', { token });
    expect(me).toMatchObject({ status: 200, body: { email: ADMIN.email, role: 'admin' } });
  });

  it.each(ROUTES)('%s %s without a token -> 401 with a detail', async (method, path) => {
    const res = await http(api, method, path, { body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
  });

  it.each(ROUTES.filter(([, , level]) => level === 'admin'))('%s %s as an employee -> 403', async (method, path) => {
    const token = await login(api, EMPLOYEE);
    const res = await http(api, method, path, { token, body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You don't have permission to access this feature.");
  });

  it.each(ROUTES.filter(([, , level]) => level === 'any').slice(1))(
    '%s %s as an employee passes the gateway (503 until that service exists)',
    async (method, path) => {
      const token = await login(api, EMPLOYEE);
      const res = await http(api, method, path, { token, body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(/service is not available yet/);
    },
  );

  it('answers 404 with a detail for an unknown /api route, and 400 for a path with dot segments', async () => {
    const token = await login(api, ADMIN);
    expect(await http(api, 'GET', '/nope', { token })).toMatchObject({
      status: 404,
      body: { detail: expect.stringMatching(/No such API route/) },
    });
    for (const path of ['/auth/%2e%2e/users', '/auth/../users', '/auth//me']) {
      expect(await rawStatus(api, path, token)).toBe(400);
    }
  });

  it('answers 405 with Allow for a known path asked with a method it does not have', async () => {
    const token = await login(api, ADMIN);
    const list = await http(api, 'DELETE', '/leads', { token });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(list.body.detail).toBe('DELETE is not allowed on /api/leads; it takes GET, POST, HEAD');
    // A path with a parameter, and one no method has.
    const one = await http(api, 'POST', '/tasks/0123456789abcdef01234567', { token, body: {} });
    expect([one.status, one.headers.get('allow')]).toEqual([405, 'GET, PUT, DELETE, HEAD']);
    expect((await http(api, 'DELETE', '/leads/nope/nothing', { token })).status).toBe(404);
    // Without a token too: the path's methods are no secret, and nothing is forwarded.
    expect((await http(api, 'PATCH', '/leads')).status).toBe(405);
    // Methods no route has at all, with or without a body.
    expect(await rawAnswer(api, '/leads', token, 'TRACE')).toEqual({ status: 405, allow: 'GET, POST, HEAD' });
    expect(await rawAnswer(api, '/leads/x1', token, 'QUERY')).toEqual({ status: 405, allow: 'GET, PUT, HEAD' });
    expect(await rawStatus(api, '/nope', token, 'TRACE')).toBe(404);
  });

  describe('token hardening on GET /api/auth/me', () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = () => ({
      sub: '000000000000000000000000',
      role: 'admin',
      name: 'x',
      email: 'x@x',
      iss: issuer,
      aud: audience,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const sign = (payload: object, opts: jwt.SignOptions = {}) =>
      jwt.sign(payload, TEST_PRIVATE_KEY, { algorithm: 'RS256', keyid: kid, ...opts });

    const cases: Array<[string, () => Promise<string> | string]> = [
      ['alg none', () => `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims())}.`],
      [
        'a token signed with another key',
        () =>
          jwt.sign(claims(), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, {
            algorithm: 'RS256',
            keyid: kid,
          }),
      ],
      [
        'an HMAC token made with the public key',
        () => {
          const pub = testKeyPair.publicKey.export({ type: 'spki', format: 'pem' }) as string;
          const head = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims())}`;
          return `${head}.${createHmac('sha256', pub).update(head).digest('base64url')}`;
        },
      ],
      [
        'an expired token',
        () =>
          sign({ ...claims(), iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
      ],
      ['a wrong issuer', () => sign({ ...claims(), iss: 'someone-else' })],
      ['a wrong audience', () => sign({ ...claims(), aud: 'another-api' })],
      ['an unknown key id', () => sign(claims(), { keyid: 'not-our-key' })],
      ['garbage', () => 'not.a.token'],
    ];

    it.each(cases)('refuses %s with 401', async (_name, make) => {
      const res = await http(api, 'GET', '/auth/me', { token: await make() });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBeTruthy();
    });

    it('refuses the same tokens at the auth service itself', async () => {
      for (const [, make] of cases) {
        expect((await http(authUrl, 'GET', '/auth/me', { token: await make() })).status).toBe(401);
      }
    });

    it('ignores a valid token in the query string (401)', async () => {
      const token = await login(api, ADMIN);
      for (const q of ['access_token', 'token', 'auth']) {
        expect((await http(api, 'GET', `/auth/me?${q}=${token}`)).status).toBe(401);
      }
    });
  });

  it("refuses a deactivated user's still-valid token within 1 s of the change", async () => {
    const admin = await login(api, ADMIN);
    const user = newUser();
    const created = await http(api, 'POST', '/users', { token: admin, body: user });
    const token = await login(api, { email: user.email, password: user.password });
    // Only routes of services that are not built yet are answered by the gateway alone (503 when
    // allowed): they show that the gateway itself, not just the auth service, refuses the token.
    expect((await http(api, 'GET', '/leads', { token })).status).toBe(503);
    const toggled = await http(api, 'PATCH', `/users/${created.body.id}/toggle-status`, { token: admin });
    expect(toggled.body.is_active).toBe(false);
    const start = Date.now();
    let status = 0;
    while (Date.now() - start < 1000) {
      status = (await http(api, 'GET', '/leads', { token })).status;
      if (status === 401) break;
      await sleep(25);
    }
    expect(status).toBe(401);
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it("takes admin routes from a demoted admin's still-valid token within 1 s, and the session goes on", async () => {
    const admin = await login(api, ADMIN);
    const user = newUser();
    const created = await http(api, 'POST', '/users', { token: admin, body: { ...user, role: 'admin' } });
    const token = await login(api, { email: user.email, password: user.password });
    // /team's service is not running here: the gateway answers alone, 503 when it lets the call through.
    expect((await http(api, 'GET', '/team', { token })).status).toBe(503);

    const edit = (role: string) => ({ name: user.name, email: user.email, role });
    const demoted = await http(api, 'PUT', `/users/${created.body.id}`, { token: admin, body: edit('employee') });
    expect(demoted.body.role).toBe('employee');
    const start = Date.now();
    let status = 0;
    while (Date.now() - start < 1000) {
      status = (await http(api, 'GET', '/team', { token })).status;
      if (status === 403) break;
      await sleep(25);
    }
    expect(status).toBe(403);
    expect(Date.now() - start).toBeLessThan(1000);
    const me = await http(api, 'GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('employee');

    // Made an admin again: the same token is an admin's once more.
    expect((await http(api, 'PUT', `/users/${created.body.id}`, { token: admin, body: edit('admin') })).status).toBe(
      200,
    );
    const again = Date.now();
    while (Date.now() - again < 1000 && (await http(api, 'GET', '/team', { token })).status !== 503) await sleep(25);
    expect((await http(api, 'GET', '/team', { token })).status).toBe(503);
  });
});

describe('gateway and per-address sign-in throttling', () => {
  it('does not let a client choose its address with X-Forwarded-For', async () => {
    const auth = await startAuth({ login: { maxFailuresPerAccount: 100, maxFailuresPerIp: 3, windowSec: 60 } });
    const config = loadConfig({
      AUTH_SERVICE_URL: auth.url,
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'warn',
    });
    const g = await startGateway({ ...config, port: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await http(`${g.url}/api`, 'POST', '/auth/login', {
          body: { email: `x${i}@example.com`, password: 'wrong' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        expect(res.status).toBe(401);
      }
      const res = await http(`${g.url}/api`, 'POST', '/auth/login', {
        body: ADMIN,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(res.status).toBe(429);
    } finally {
      await g.app.close();
      await auth.app.close();
    }
  });
});

describe('gateway whose signing keys cannot be fetched', () => {
  it('answers 503, not a 401 that would end the session, on /api and /ws/monitoring', async () => {
    const config = loadConfig({
      AUTH_SERVICE_URL: 'http://127.0.0.1:9', // discard port: nothing listens
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'fatal',
    });
    const g = await startGateway({ ...config, port: 0 });
    try {
      const now = Math.floor(Date.now() / 1000);
      const token = jwt.sign(
        { sub: '000000000000000000000000', role: 'employee', iat: now, exp: now + 600 },
        TEST_PRIVATE_KEY,
        { algorithm: 'RS256', keyid: 'any', issuer: config.issuer, audience: config.audience },
      );
      const detail = 'Cannot check the access token right now; try again shortly';
      expect(await http(`${g.url}/api`, 'GET', '/leads', { token })).toMatchObject({ status: 503, body: { detail } });

      expect(await refusedUpgrade(g.url, token)).toEqual({ status: 503, body: { detail } });
    } finally {
      await g.app.close();
    }
  });
});

describe('gateway with a service that is down', () => {
  it('answers 502 with a detail, not a stack', async () => {
    const auth = await startAuth();
    const config = loadConfig({
      AUTH_SERVICE_URL: auth.url,
      CRM_SERVICE_URL: 'http://127.0.0.1:9', // discard port: nothing listens
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'error',
    });
    const g = await startGateway({ ...config, port: 0 });
    try {
      const token = await login(`${g.url}/api`, EMPLOYEE);
      const res = await http(`${g.url}/api`, 'GET', '/leads', { token });
      expect(res).toMatchObject({ status: 502, body: { detail: 'The crm service did not answer; try again shortly' } });
    } finally {
      await g.app.close();
      await auth.app.close();
    }
  });
});
