import type { Webhook as WebhookRow, WebhookDeliveryAttempt } from '@sixa/contracts';
import { consumerGroupsStable, sleep } from '@sixa/testing';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { newLead } from '../../crm/test/factories';
import { startSettingsStack, type SettingsStack } from './factories';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback answering `status` to every POST, keeping what it got. */
async function receiver(status: number): Promise<{ server: Server; port: number; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, got };
}

async function waitFor<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() - start > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(100);
  }
}

/**
 * Webhooks deliver real domain events: a lead made through the gateway reaches a receiver signed the
 * Standard Webhooks way; failures are retried exactly as configured and logged; private addresses
 * are refused before any connection. Other suites share Kafka, so receivers pick out our lead.
 */
describe('webhooks, through the gateway', () => {
  let stack: SettingsStack;
  let ok: Awaited<ReturnType<typeof receiver>>;
  let failing: Awaited<ReturnType<typeof receiver>>;
  // Connections to loopback are counted: a refused webhook must make none.
  let trap: TcpServer;
  let trapPort = 0;
  let trapConnections = 0;

  beforeAll(async () => {
    ok = await receiver(204);
    failing = await receiver(500);
    trap = createTcpServer((s) => {
      trapConnections++;
      s.destroy();
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    trapPort = (trap.address() as AddressInfo).port;
    stack = await startSettingsStack({
      crm: true,
      settings: {
        webhookAllowHosts: ['localhost'],
        webhookResolve: { 'intranet.test': '10.0.0.1' },
        webhookSweepMs: 100,
      },
    });
    await consumerGroupsStable([`${stack.settingsDb}-webhooks`]);
  });
  afterAll(async () => {
    await stack?.stop();
    ok?.server.close();
    failing?.server.close();
    trap?.close();
  });

  /** Every lead.created on the shared Kafka (other suites' too) goes to an active webhook: off once tested. */
  const switchOff = async (id: string) =>
    expect((await stack.as(stack.admin).put(`/settings/webhooks/${id}`, { is_active: false })).status).toBe(200);

  const ofLead = (got: Received[], leadId: string) =>
    got.filter((r) => (JSON.parse(r.body) as { data?: { lead?: { id?: string } } }).data?.lead?.id === leadId);

  it('delivers lead.created signed with the secret shown once, verified by a Standard Webhooks library', async () => {
    const made = await stack.as(stack.admin).post('/settings/webhooks', {
      name: 'New leads',
      url: `http://localhost:${ok.port}/hooks/leads`,
      events: 'lead.created, lead.updated',
      headers: { 'x-team': 'sales' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      events: ['lead.created', 'lead.updated'],
      retry_attempts: 3,
      retry_delay_seconds: 30,
      timeout_seconds: 30,
      is_active: true,
      success_count: 0,
      failure_count: 0,
    });
    expect(made.body.secret).toMatch(/^whsec_/);
    const listed = (await stack.as(stack.admin).get('/settings/webhooks')).body as WebhookRow[];
    expect(listed.find((w) => w.id === made.body.id)).not.toHaveProperty('secret');

    const lead = await stack.as(stack.admin).post('/leads', newLead());
    expect(lead.status).toBe(201);
    const [delivery] = await waitFor('the delivery', () => {
      const mine = ofLead(ok.got, lead.body.id);
      return mine.length ? mine : undefined;
    });
    const verified = new Webhook(made.body.secret).verify(delivery.body, delivery.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'lead.created', data: { lead: { id: lead.body.id } } });
    expect(delivery.headers['x-team']).toBe('sales');
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(
        delivery.body,
        delivery.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = await waitFor('the logged attempt', async () => {
      const rows = (await stack.as(stack.admin).get(`/settings/webhooks/${made.body.id}/deliveries`))
        .body as WebhookDeliveryAttempt[];
      return rows.find((r) => r.message_id === delivery.headers['webhook-id']);
    });
    expect(log).toMatchObject({
      event: 'lead.created',
      attempt: 1,
      status: 'succeeded',
      status_code: 204,
      error: null,
    });
    expect(log.duration_ms).toEqual(expect.any(Number));

    const test = await stack.as(stack.admin).post(`/settings/webhooks/${made.body.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ event: 'webhook.test', status: 'succeeded', status_code: 204 });
    expect(ok.got.some((r) => JSON.parse(r.body).type === 'webhook.test')).toBe(true);
    const after = (await stack.as(stack.admin).get('/settings/webhooks')).body as WebhookRow[];
    expect(after.find((w) => w.id === made.body.id)!.success_count).toBeGreaterThanOrEqual(2);
    await switchOff(made.body.id);
  });

  it('retries a receiver answering 500 exactly the configured number of times, and counts the failures', async () => {
    const made = await stack.as(stack.admin).post('/settings/webhooks', {
      name: 'Broken receiver',
      url: `http://localhost:${failing.port}/`,
      events: ['lead.created'],
      retry_attempts: 2,
      retry_delay_seconds: 1,
    });
    expect(made.status).toBe(201);
    const lead = await stack.as(stack.admin).post('/leads', newLead());
    const attempts = await waitFor(
      'the last attempt',
      async () => {
        const rows = (await stack.as(stack.admin).get(`/settings/webhooks/${made.body.id}/deliveries`))
          .body as WebhookDeliveryAttempt[];
        const mine = rows.filter((r) =>
          ofLead(failing.got, lead.body.id).some((g) => g.headers['webhook-id'] === r.message_id),
        );
        return mine.some((r) => r.status === 'failed') ? mine : undefined;
      },
      20_000,
    );
    // 1 attempt + 2 retries, one message id throughout; then nothing more.
    await sleep(2_500);
    const received = ofLead(failing.got, lead.body.id);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(attempts.map((a) => [a.attempt, a.status, a.status_code]).sort()).toEqual([
      [1, 'retrying', 500],
      [2, 'retrying', 500],
      [3, 'failed', 500],
    ]);
    const row = ((await stack.as(stack.admin).get('/settings/webhooks')).body as WebhookRow[]).find(
      (w) => w.id === made.body.id,
    )!;
    expect(row.failure_count).toBeGreaterThanOrEqual(3);
    await switchOff(made.body.id);
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${trapPort}/`],
    ['IPv6 loopback', () => `http://[::1]:${trapPort}/`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data'],
    ['loopback in hex', () => `http://0x7f000001:${trapPort}/`],
    ['a name resolving to 10.0.0.1', () => `http://intranet.test:${trapPort}/`],
  ])('refuses %s with a 400 naming why, without connecting', async (_what, url) => {
    const res = await stack
      .as(stack.admin)
      .post('/settings/webhooks', { name: 'SSRF', url: url(), events: ['lead.created'] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/refused/);
    expect(trapConnections).toBe(0);
  });

  it('checks the fields (400 with a detail) and is admin only', async () => {
    const admin = stack.as(stack.admin);
    expect((await admin.post('/settings/webhooks', { url: 'https://example.com/' })).body.detail).toMatch(
      /name, events are required/,
    );
    expect(
      (await admin.post('/settings/webhooks', { name: 'x', url: 'ftp://example.com/', events: ['*'] })).body.detail,
    ).toMatch(/http or https/);
    const badEvent = await admin.post('/settings/webhooks', {
      name: 'x',
      url: 'https://example.com/',
      events: ['Lead Created'],
    });
    expect(badEvent.status).toBe(400);
    const reserved = await admin.post('/settings/webhooks', {
      name: 'x',
      url: `http://localhost:${ok.port}/`,
      events: ['*'],
      headers: { 'webhook-signature': 'forged' },
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.detail).toMatch(/set by the delivery itself/);
    expect((await stack.as(stack.employee).get('/settings/webhooks')).status).toBe(403);
  });

  it('edits, deactivates and deletes a webhook', async () => {
    const admin = stack.as(stack.admin);
    const made = await admin.post('/settings/webhooks', {
      name: 'Temp',
      url: `http://localhost:${ok.port}/t`,
      events: ['*'],
    });
    const edited = await admin.put(`/settings/webhooks/${made.body.id}`, { name: 'Renamed', is_active: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', is_active: false });
    const refused = await admin.put(`/settings/webhooks/${made.body.id}`, { url: 'http://10.1.2.3/' });
    expect(refused.status).toBe(400);
    expect((await admin.delete(`/settings/webhooks/${made.body.id}`)).status).toBe(204);
    expect((await admin.get(`/settings/webhooks/${made.body.id}/deliveries`)).status).toBe(404);
  });
});
