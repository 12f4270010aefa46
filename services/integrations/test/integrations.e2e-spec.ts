import type { IntegrationConnection, OAuthInitiation, SyncJob } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { revisionTag } from '@sixa/mongo';
import { MongoClient, ObjectId } from 'mongodb';
import { infra } from '@sixa/testing';
import { approveAtProvider, startIntegrationsStack, type IntegrationsStack } from './factories';

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() - start > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(200);
  }
}

/**
 * The Integrations Hub against the bundled sandbox provider, through the gateway: the OAuth 2.0
 * code flow with PKCE, secrets sealed at rest, syncs that bring contacts in as leads once, a 429
 * waited out, an API-key check, and a refused refresh that expires the connection and raises an alert.
 */
describe('integrations, through the gateway', () => {
  let stack: IntegrationsStack;
  let mongo: MongoClient;

  beforeAll(async () => {
    stack = await startIntegrationsStack({
      sandbox: { seed: { contacts: 1000, tasks: 12, events: 6 }, accessTokenTtlSeconds: 3600 },
      monitoring: true,
      work: true,
    });
    mongo = await MongoClient.connect(infra().mongoUrl);
    expect((await stack.as(stack.admin).post('/integrations/initialize-sample-data')).status).toBe(200);
  });
  afterAll(async () => {
    await mongo?.close();
    await stack?.stop();
  });

  const job = async (id: string) => (await stack.as(stack.admin).get(`/integrations/sync-jobs/${id}`)).body as SyncJob;
  const finished = (id: string, ms = 60_000) =>
    until(
      `job ${id} to finish`,
      async () => {
        const j = await job(id);
        return j.status === 'success' || j.status === 'failed' ? j : undefined;
      },
      ms,
    );
  /** A manual sync of one data type on the test's connection, once it has ended. */
  const syncNow = async (data_type: string) => {
    const made = await stack
      .as(stack.admin)
      .post('/integrations/sync-jobs', { connection_id: connection.id, data_type });
    expect(made.status).toBe(201);
    return finished(made.body.id);
  };
  /** Changes the provider's first `count` records of a type; their ids. */
  const touch = async (type: string, count: number) =>
    (
      (await (
        await fetch(`${stack.sandbox.url}/sandbox/control/touch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type, count }),
        })
      ).json()) as { changed: string[] }
    ).changed;
  const leadsTotal = async () =>
    Number((await stack.as(stack.admin).get('/leads?limit=1')).headers.get('x-total-count') ?? -1);

  let connection: IntegrationConnection;

  it('connects through the authorization-code flow with PKCE; a state works once; redirect URIs are allow-listed', async () => {
    const admin = stack.as(stack.admin);
    const off = await admin.post('/integrations/oauth/initiate', {
      platform_id: 'sandbox-crm',
      connection_name: 'CRM',
      redirect_uri: 'http://evil.example/cb',
    });
    expect(off.status).toBe(400);
    expect(off.body.detail).toMatch(/not one of the allowed redirect URIs/);

    const started = await admin.post('/integrations/oauth/initiate', {
      platform_id: 'sandbox-crm',
      connection_name: 'Sales CRM',
      redirect_uri: stack.redirectUri,
      user_id: 'someone-else',
    });
    expect(started.status).toBe(200);
    const init = started.body as OAuthInitiation;
    const url = new URL(init.authorization_url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(init.state);
    const { code, state } = await approveAtProvider(init.authorization_url);
    expect(state).toBe(init.state);

    // Another user cannot complete it.
    const stranger = await stack
      .as(stack.employee)
      .post('/integrations/oauth/callback', { platform_id: 'sandbox-crm', code, state });
    expect(stranger.status).toBe(400);
    const done = await admin.post('/integrations/oauth/callback', { platform_id: 'sandbox-crm', code, state });
    expect(done.status).toBe(201);
    connection = done.body as IntegrationConnection;
    expect(connection).toMatchObject({
      status: 'connected',
      platform_name: 'Sandbox CRM',
      sync_frequency: 60,
      credential: { kind: 'oauth2' },
    });
    expect(connection.credential.last4).toHaveLength(4);

    const replay = await admin.post('/integrations/oauth/callback', { platform_id: 'sandbox-crm', code, state });
    expect(replay.status).toBe(400);
    const again = await admin.post('/integrations/oauth/initiate', {
      platform_id: 'sandbox-crm',
      connection_name: 'Twice',
      redirect_uri: stack.redirectUri,
    });
    expect(again.status).toBe(409);
  });

  it('keeps no token or key in plain text in the store, and answers none', async () => {
    const secrets = stack.sandbox.secrets();
    expect(secrets.length).toBeGreaterThan(1);
    const db = mongo.db(stack.config.mongoDb);
    const stored = JSON.stringify([
      await db.collection('connections').find().toArray(),
      await db.collection('oauth_states').find().toArray(),
    ]);
    for (const s of [...secrets, stack.config.sandboxClientSecret]) expect(stored).not.toContain(s);
    // The platforms keep their OAuth client secret sealed too (the sample's description names the sandbox's public demo key).
    expect(JSON.stringify(await db.collection('platforms').find().toArray())).not.toContain(
      stack.config.sandboxClientSecret,
    );
    const connections = JSON.stringify((await stack.as(stack.admin).get('/integrations/connections')).body);
    for (const s of [...secrets, stack.config.sandboxClientSecret]) expect(connections).not.toContain(s);
    expect(JSON.stringify((await stack.as(stack.admin).get('/integrations/platforms')).body)).not.toContain(
      stack.config.sandboxClientSecret,
    );
  });

  it("configures a connection with its own tag only: another record's is refused, an old one too", async () => {
    const put = (tag: string, connection_name: string) =>
      http(stack.api, 'PUT', `/integrations/connections/${connection.id}`, {
        token: stack.admin,
        body: { connection_name },
        headers: { 'if-match': tag },
      });
    const current = (await stack.as(stack.admin).get('/integrations/connections')).body as IntegrationConnection[];
    const tag = current.find((c) => c.id === connection.id)!.etag;
    // A form holding another record (here one of another id at the same revision).
    const otherTag = revisionTag(new ObjectId().toHexString(), Number(tag.split('.')[0]));
    const wrong = await put(otherTag, 'Written into the wrong connection');
    expect(wrong.status).toBe(409);
    expect(wrong.body.detail).toMatch(/another record's data \(a different connection\)/);
    const saved = await put(tag, 'Sales CRM');
    expect(saved.status).toBe(200);
    expect(saved.body.etag).not.toBe(tag);
    expect((await put(tag, 'From an old tab')).status).toBe(409);
  });

  it('syncs 1,000 contacts into 1,000 leads, none the second time, and waits out a 429', async () => {
    const before = await leadsTotal();
    await fetch(`${stack.sandbox.url}/sandbox/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 429, count: 2, retry_after: 1 }),
    });
    const first = await stack.as(stack.admin).post('/integrations/sync-jobs', {
      connection_id: connection.id,
      job_type: 'manual',
      direction: 'inbound',
      data_type: 'contacts',
    });
    expect(first.status).toBe(201);
    const one = await finished(first.body.id);
    expect(one).toMatchObject({ status: 'success', records_processed: 1000, records_success: 1000, records_failed: 0 });
    expect(stack.sandbox.served.get(429)).toBe(2);
    expect((await leadsTotal()) - before).toBe(1000);

    // Nothing changed at the provider: the next (incremental) run asks for changes since and brings none.
    const second = await stack
      .as(stack.admin)
      .post('/integrations/sync-jobs', { connection_id: connection.id, data_type: 'contacts' });
    const two = await finished(second.body.id);
    expect(two.status).toBe('success');
    expect(two.updated_since).toBe(one.started_at && two.updated_since);
    expect((await leadsTotal()) - before).toBe(1000);

    // Three contacts change: three leads are updated, none made.
    await fetch(`${stack.sandbox.url}/sandbox/control/touch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'contacts', count: 3 }),
    });
    const third = await stack
      .as(stack.admin)
      .post('/integrations/sync-jobs', { connection_id: connection.id, data_type: 'contacts' });
    const three = await finished(third.body.id);
    expect(three).toMatchObject({ status: 'success', records_processed: 3, records_success: 3 });
    expect((await leadsTotal()) - before).toBe(1000);

    const analytics = (await stack.as(stack.admin).get('/integrations/analytics')).body;
    expect(analytics).toMatchObject({ total_connections: 1, active_connections: 1 });
    expect(analytics.platform_stats['sandbox-crm']).toMatchObject({
      total_syncs: 3,
      successful_syncs: 3,
      success_rate: 100,
    });
    expect(analytics.recent_syncs[0].id).toBe(third.body.id);
  });

  it('brings tasks into work and events into the calendar, once each', async () => {
    const importedTasks = async () => {
      const res = await stack.as(stack.admin).get('/tasks?q=Follow%20up%20with&limit=100');
      return ((Array.isArray(res.body) ? res.body : res.body.items) as Array<{ tags: string[] }>).filter((t) =>
        t.tags.includes('imported'),
      );
    };
    expect(await syncNow('tasks')).toMatchObject({ status: 'success', records_processed: 12, records_success: 12 });
    expect(await importedTasks()).toHaveLength(12);
    expect((await syncNow('tasks')).status).toBe('success');
    expect(await importedTasks()).toHaveLength(12);

    // Two tasks change at the provider (their descriptions). Meanwhile the staff started one and
    // retitled the other: both get the provider's change, and keep the staff's.
    type Imported = { id: string; title: string; status: string; description: string };
    const changedIds = await touch('tasks', 2);
    expect(changedIds).toHaveLength(2);
    const before = (await importedTasks()) as Imported[];
    const [started, retitled] = changedIds.map((id) => before.find((t) => t.description.includes(`(${id})`))!);
    expect(started && retitled).toBeTruthy();
    expect((await stack.as(stack.admin).put(`/tasks/${started.id}`, { status: 'in_progress' })).body.status).toBe(
      'in_progress',
    );
    const newTitle = `${retitled.title} (call on Monday)`;
    expect((await stack.as(stack.admin).put(`/tasks/${retitled.id}`, { title: newTitle })).body.title).toBe(newTitle);
    expect(await syncNow('tasks')).toMatchObject({ status: 'success', records_processed: 2, records_success: 2 });
    const afterChange = (await importedTasks()) as Imported[];
    expect(afterChange).toHaveLength(12);
    const now = (t: Imported) => afterChange.find((a) => a.id === t.id)!;
    expect(now(started)).toMatchObject({ status: 'in_progress', title: started.title });
    expect(now(started).description).toMatch(/^Updated /);
    expect(now(retitled)).toMatchObject({ status: 'pending', title: newTitle });
    expect(now(retitled).description).toMatch(/^Updated /);
    expect(afterChange.filter((t) => t.description.startsWith('Updated '))).toHaveLength(2);

    expect(await syncNow('events')).toMatchObject({ status: 'success', records_processed: 6, records_success: 6 });
    const listed = (await stack.as(stack.admin).get('/calendar/events')).body as Array<{ title: string }>;
    expect(listed.filter((e) => e.title.startsWith('Call with'))).toHaveLength(6);

    // An event changes at the provider: it is updated in the calendar, and no other is made.
    expect(await touch('events', 1)).toHaveLength(1);
    expect(await syncNow('events')).toMatchObject({ status: 'success', records_processed: 1, records_success: 1 });
    const relisted = (
      (await stack.as(stack.admin).get('/calendar/events')).body as Array<{ title: string; description: string }>
    ).filter((e) => e.title.startsWith('Call with'));
    expect(relisted).toHaveLength(6);
    expect(relisted.filter((e) => e.description.startsWith('Updated '))).toHaveLength(1);
    const accounts = await stack
      .as(stack.admin)
      .post('/integrations/sync-jobs', { connection_id: connection.id, data_type: 'accounts' });
    expect(accounts.status).toBe(400);
    expect(accounts.body.detail).toMatch(/not available yet/);
  });

  it('checks an API key with the provider before saving it', async () => {
    const admin = stack.as(stack.admin);
    const bad = await admin.post('/integrations/api-key-connection', {
      platform_id: 'sandbox-marketing',
      connection_name: 'Mkt',
      api_key: 'sbx_wrong_key',
      user_id: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/does not accept this API key/);
    const good = await admin.post('/integrations/api-key-connection', {
      platform_id: 'sandbox-marketing',
      connection_name: 'Mkt',
      api_key: 'sbx_demo_key_0001',
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ status: 'connected', credential: { kind: 'api_key', last4: '0001' } });
    expect(JSON.stringify(good.body)).not.toContain('sbx_demo_key_0001');
    const off = await admin.delete(`/integrations/connections/${good.body.id}`);
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('disconnected');
  });

  it('expires a connection whose refresh token the provider revoked, and monitoring raises an alert within 30 s', async () => {
    await fetch(`${stack.sandbox.url}/sandbox/control/revoke-all`, { method: 'POST' });
    const started = Date.now();
    // The next use finds the access token refused and the refresh refused.
    const sync = await stack
      .as(stack.admin)
      .post('/integrations/sync-jobs', { connection_id: connection.id, data_type: 'contacts' });
    const failed = await finished(sync.body.id);
    expect(failed.status).toBe('failed');
    const expired = await until('the connection to expire', async () => {
      const list = (await stack.as(stack.admin).get('/integrations/connections')).body as IntegrationConnection[];
      const c = list.find((x) => x.id === connection.id)!;
      return c.status === 'expired' ? c : undefined;
    });
    expect(expired.status_detail).toMatch(/refused to refresh/);
    const alert = await until('the monitoring alert', async () => {
      const res = await stack.as(stack.admin).get('/monitoring/alerts');
      const list = (Array.isArray(res.body) ? res.body : (res.body?.alerts ?? [])) as Array<{ title: string }>;
      return list.find((a) => a.title === 'Sandbox CRM connection expired');
    });
    expect(alert).toBeDefined();
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
