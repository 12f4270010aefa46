import {
  MONITORING_WS_PROTOCOL,
  TOPICS,
  WS_TOKEN_PROTOCOL_PREFIX,
  type Alert,
  type MonitoringMessage,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { http, infra, onBrokers, sleep, uniqueDbName, uniqueNamespace } from '@sixa/testing';
import jwt from 'jsonwebtoken';
import { Kafka, logLevel } from 'kafkajs';
import { generateKeyPairSync } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import WebSocket from 'ws';
import { ADMIN, login, newUser, startAuth } from '../../services/auth/test/factories';
import { startMonitoringService } from '../../services/monitoring/src/app.module';
import { loadConfig as loadMonitoringConfig } from '../../services/monitoring/src/config';
import { loadConfig } from '../src/config';
import { startGateway } from '../src/main';

interface Received {
  at: number;
  message: MonitoringMessage;
}

/** The subprotocols a browser offers: ours and the token. */
const asBrowser = (token: string) => [MONITORING_WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`];

/** A client of /ws/monitoring that records what it receives, with the time it arrived. */
function connect(wsUrl: string, protocols: string[] | undefined, headers: Record<string, string> = {}) {
  const socket = new WebSocket(wsUrl, protocols, { headers });
  const received: Received[] = [];
  socket.on('message', (data) => received.push({ at: Date.now(), message: JSON.parse(String(data)) }));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        reject(Object.assign(new Error(`refused: ${res.statusCode}`), { status: res.statusCode, body })),
      );
    });
    socket.once('error', reject);
  });
  const waitFor = async (predicate: (m: MonitoringMessage) => boolean, timeoutMs = 15_000): Promise<Received> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = received.find((r) => predicate(r.message));
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error('no matching message');
      await sleep(5);
    }
  };
  return { socket, received, opened, waitFor };
}

const OWN_TARGET = `auth-${Math.random().toString(36).slice(2, 8)}`;

describe('/ws/monitoring through the gateway (real Kafka and database)', () => {
  let auth: Awaited<ReturnType<typeof startAuth>>;
  let monitoring: Awaited<ReturnType<typeof startMonitoringService>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let token: string;
  let wsUrl: string;
  let gatewayConfig: ReturnType<typeof loadConfig>;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    auth = await startAuth();
    monitoring = await startMonitoringService({
      ...loadMonitoringConfig({}),
      port: 0,
      mongoUrl: infra().mongoUrl,
      mongoDb: uniqueDbName('monitoring_ws'),
      kafkaBrokers: infra().brokers,
      kafkaNamespace: infra().namespace,
      jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
      // A probe target of this file's own: the statuses counted below are the ones naming it.
      probeTargets: [{ target: OWN_TARGET, url: auth.url }],
      gatewayMetricsUrls: [],
      logLevel: 'warn',
    });
    const base = loadConfig({
      AUTH_SERVICE_URL: auth.url,
      MONITORING_SERVICE_URL: monitoring.url,
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'warn',
    });
    gateway = await startGateway({
      ...base,
      port: 0,
      ws: { heartbeatMs: 30_000, maxBufferedBytes: 64 * 1024, maxClients: 1000 },
    });
    gatewayConfig = base;
    token = await login(gateway.url, ADMIN, '/api');
    wsUrl = `${gateway.url.replace('http', 'ws')}/ws/monitoring`;
  });

  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await gateway.app.close();
    await monitoring.app.close();
    await auth.app.close();
  });

  /** A second gateway on the same services, with a heartbeat every 300 ms. */
  const startHeartbeatGateway = () =>
    startGateway({
      ...gatewayConfig,
      port: 0,
      ws: { heartbeatMs: 300, maxBufferedBytes: 1024 * 1024, maxClients: 10 },
    });

  const open = async (protocols?: string[], headers?: Record<string, string>) => {
    const c = connect(wsUrl, protocols, headers);
    sockets.push(c.socket);
    await c.opened;
    return c;
  };

  /** A simulated low alert of this file's monitoring service, raised through the gateway. */
  const simulated = async (): Promise<Alert> => {
    const res = await http(gateway.url, 'POST', '/api/monitoring/simulate-alert?severity=low', { token });
    expect(res.status).toBe(200);
    return res.body as Alert;
  };

  it('refuses an upgrade without a valid token, with 401 and a detail', async () => {
    const none = connect(wsUrl, [MONITORING_WS_PROTOCOL]);
    await expect(none.opened).rejects.toMatchObject({
      status: 401,
      body: expect.stringContaining('Missing access token'),
    });
    const forged = connect(wsUrl, [MONITORING_WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token.slice(0, -4)}AAAA`]);
    await expect(forged.opened).rejects.toMatchObject({
      status: 401,
      body: expect.stringContaining('Invalid access token'),
    });
    const elsewhere = connect(`${gateway.url.replace('http', 'ws')}/ws/other`, [
      MONITORING_WS_PROTOCOL,
      `${WS_TOKEN_PROTOCOL_PREFIX}${token}`,
    ]);
    await expect(elsewhere.opened).rejects.toMatchObject({ status: 404 });
    const plain = await http(gateway.url, 'GET', '/ws/monitoring');
    expect(plain.status).toBe(426);
  });

  it('survives a client that resets the connection while its token is being checked', async () => {
    // An unknown key id makes the gateway fetch the JWKS: the check waits, and the client goes away meanwhile.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = jwt.sign({ sub: 'x' }, privateKey, { algorithm: 'RS256', keyid: `unknown-${Date.now()}` });
    const { hostname, port } = new URL(gateway.url);
    for (let i = 0; i < 5; i++) {
      const raw = tcpConnect(Number(port), hostname);
      raw.on('error', () => undefined);
      await new Promise((r) => raw.once('connect', r));
      raw.write(
        'GET /ws/monitoring HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ${MONITORING_WS_PROTOCOL}, ${WS_TOKEN_PROTOCOL_PREFIX}${forged}\r\n\r\n`,
      );
      raw.resetAndDestroy();
    }
    await sleep(500);
    expect((await http(gateway.url, 'GET', '/health')).status).toBe(200);
  });

  it('delivers new_alert within 1 s of simulate-alert, to the browser way (subprotocol) and the header way', async () => {
    const browser = await open(asBrowser(token));
    expect(browser.socket.protocol).toBe(MONITORING_WS_PROTOCOL); // the token is never echoed back
    const tool = await open(undefined, { authorization: `Bearer ${token}` });
    // The gateway's consumer group joins the topics once; wait until it delivers statuses.
    await browser.waitFor((m) => m.type === 'system_status', 25_000);

    for (let i = 0; i < 3; i++) {
      const sent = Date.now();
      const res = await http(gateway.url, 'POST', '/api/monitoring/simulate-alert?severity=critical', { token });
      expect(res.status).toBe(200);
      const id = (res.body as Alert).id;
      for (const client of [browser, tool]) {
        const got = await client.waitFor((m) => m.type === 'new_alert' && m.data.id === id, 5000);
        expect(got.at - sent).toBeLessThan(1000);
        expect(got.message.data).toMatchObject({
          severity: 'critical',
          status: 'active',
          title: 'Simulated critical alert',
        });
      }
    }
    // The status follows the alerts at once (not at the next sample): critical, with the count.
    const status = await browser.waitFor((m) => m.type === 'system_status' && m.data.active_alerts >= 3, 2000);
    expect(status.message.data).toMatchObject({ overall_health: 'critical' });
  });

  it('forwards no alert or status of another deployment on the same Kafka (its KAFKA_NAMESPACE)', async () => {
    const client = await open(asBrowser(token));
    await client.waitFor((m) => m.type === 'system_status', 25_000);
    const producer = new Kafka({
      clientId: 'ws-other',
      brokers: infra().brokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await producer.connect();
    try {
      const foreign = { ...(await simulated()), id: `other-${Date.now()}`, title: 'Another deployment alert' };
      const raised = createEvent('monitoring', 'alert.raised', foreign.id, 'system', { alert: foreign });
      await producer.send({
        topic: onBrokers(TOPICS.monitoring, uniqueNamespace()),
        messages: [{ key: foreign.id, value: JSON.stringify(raised) }],
      });
      // Ours, sent after it, arrives; the other deployment's never does.
      const ours = await simulated();
      await client.waitFor((m) => m.type === 'new_alert' && m.data.id === ours.id, 5000);
      await sleep(500);
      expect(client.received.some((r) => r.message.type === 'new_alert' && r.message.data.id === foreign.id)).toBe(
        false,
      );
    } finally {
      await producer.disconnect();
    }
  });

  it('pushes system_status every 10 s, measured figures included', async () => {
    // The statuses of this file's monitoring service (its probe target named).
    const c = await open(asBrowser(token));
    const stamps = new Set<string>();
    const deadline = Date.now() + 35_000;
    while (stamps.size < 3 && Date.now() < deadline) {
      for (const r of c.received)
        if (r.message.type === 'system_status' && r.message.data.probes.some((p) => p.target === OWN_TARGET))
          stamps.add(r.message.data.timestamp);
      await sleep(100);
    }
    const times = [...stamps].map((t) => Date.parse(t)).sort();
    expect(times.length).toBeGreaterThanOrEqual(3);
    // A sample at least every 10 s (with slack for a loaded machine). A status may come sooner: one
    // follows every alert raised or resolved at once (CI's busy machine raises cpu_high).
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeLessThan(11_500);
    const last = c.received
      .filter((r) => r.message.type === 'system_status' && r.message.data.probes.some((p) => p.target === OWN_TARGET))
      .pop()!.message;
    expect(last.type === 'system_status' && last.data.probes.find((p) => p.target === 'kafka')?.ok).toBe(true);
  }, 60_000);

  const pause = (c: { socket: WebSocket }) => (c.socket as unknown as { _socket: { pause(): void } })._socket.pause();

  it('drops a client too slow to take what it is sent; the others get everything', async () => {
    const healthy = await open(asBrowser(token));
    const slow = await open(asBrowser(token));
    // Stop reading: nothing sent to it is taken off the wire.
    pause(slow);
    const before = { size: gateway.hub.size, slow: await metric('ws_monitoring_disconnects_total{reason="slow"}') };

    // 10 MB of messages, a little at a time (20 kB every 5 ms): the healthy client drains them as
    // they come, while unsent bytes pile up for the paused one once the kernel's socket buffers are full.
    const big = 'x'.repeat(20_000);
    for (let i = 0; i < 1500 && gateway.hub.size === before.size; i++) {
      gateway.hub.broadcast({ type: 'new_alert', data: { id: `bulk-${i}`, title: big } as unknown as Alert });
      await sleep(5);
    }
    expect(await metric('ws_monitoring_disconnects_total{reason="slow"}')).toBe(before.slow + 1);
    expect(gateway.hub.size).toBe(before.size - 1);
    gateway.hub.broadcast({ type: 'new_alert', data: { id: 'after-the-drop' } as unknown as Alert });
    await healthy.waitFor((m) => m.type === 'new_alert' && m.data.id === 'after-the-drop');
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a client that stops answering pings (a gateway with a heartbeat every 300 ms)', async () => {
    const fast = await startHeartbeatGateway();
    try {
      const url = `${fast.url.replace('http', 'ws')}/ws/monitoring`;
      const healthy = connect(url, asBrowser(token));
      const dead = connect(url, asBrowser(token));
      sockets.push(healthy.socket, dead.socket);
      await Promise.all([healthy.opened, dead.opened]);
      const before = await metric('ws_monitoring_disconnects_total{reason="heartbeat"}');
      pause(dead);
      await sleep(1200); // several heartbeats
      expect(await metric('ws_monitoring_disconnects_total{reason="heartbeat"}')).toBe(before + 1);
      expect(fast.hub.size).toBe(1);
      expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await fast.app.close();
    }
  });

  it("closes a deactivated user's open stream with 4401 at the next heartbeat", async () => {
    const fast = await startHeartbeatGateway();
    try {
      const user = newUser();
      const created = await http(gateway.url, 'POST', '/api/users', { token, body: user });
      expect(created.status).toBe(201);
      const userToken = await login(gateway.url, { email: user.email, password: user.password }, '/api');
      const c = connect(`${fast.url.replace('http', 'ws')}/ws/monitoring`, [
        MONITORING_WS_PROTOCOL,
        `${WS_TOKEN_PROTOCOL_PREFIX}${userToken}`,
      ]);
      sockets.push(c.socket);
      await c.opened;
      const closed = new Promise<number>((resolve) => c.socket.once('close', (code) => resolve(code)));
      const toggled = await http(gateway.url, 'PATCH', `/api/users/${created.body.id}/toggle-status`, { token });
      expect(toggled.body.is_active).toBe(false);
      const started = Date.now();
      expect(await closed).toBe(4401);
      expect(Date.now() - started).toBeLessThan(3000);
      // And it cannot come back.
      const again = connect(`${fast.url.replace('http', 'ws')}/ws/monitoring`, [
        MONITORING_WS_PROTOCOL,
        `${WS_TOKEN_PROTOCOL_PREFIX}${userToken}`,
      ]);
      await expect(again.opened).rejects.toMatchObject({
        status: 401,
        body: expect.stringContaining('Session revoked'),
      });
    } finally {
      await fast.app.close();
    }
  });

  async function metric(series: string): Promise<number> {
    const text = await (await fetch(`${gateway.url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(series));
    return line ? Number(line.split(' ').pop()) : 0;
  }
});
