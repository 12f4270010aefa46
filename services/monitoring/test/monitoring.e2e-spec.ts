import { TOPICS, type Alert, type SystemStatus } from '@sixa/contracts';
import { MONGO_CONNECTION } from '@sixa/mongo';
import { EventRecorder, http, infra, uniqueDbName } from '@sixa/testing';
import { MongoClient, ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMonitoring } from './factories';
import { sample } from './samples';

describe('monitoring service (real Kafka and database)', () => {
  let ctx: Awaited<ReturnType<typeof startMonitoring>>;
  let events: EventRecorder;

  beforeAll(async () => {
    ctx = await startMonitoring();
    events = await new EventRecorder(TOPICS.monitoring, (e) => e.source === 'monitoring').start();
  });
  afterAll(async () => {
    await events.stop();
    await ctx.stop();
  });

  const get = (path: string, token: string | undefined = ctx.admin) => http(ctx.url, 'GET', path, { token });
  const post = (path: string, token: string | undefined = ctx.admin) => http(ctx.url, 'POST', path, { token });

  it('reports measured figures: memory as `free` sees it, probes of Kafka, the database and auth', async () => {
    const res = await get('/monitoring/system-status');
    expect(res.status).toBe(200);
    const s = res.body as SystemStatus;
    const [, total, , , , , available] = execFileSync('free', ['-b']).toString().split('\n')[1].trim().split(/\s+/);
    expect(Math.abs(s.memory_usage - ((Number(total) - Number(available)) / Number(total)) * 100)).toBeLessThan(2);
    expect(s.cpu_usage).toBeGreaterThanOrEqual(0);
    expect(s.cpu_usage).toBeLessThanOrEqual(100);
    expect(s.disk_usage).toBeGreaterThan(0);
    expect(s.uptime).toBeGreaterThan(0);
    expect(s.probes.map((p) => [p.target, p.ok])).toEqual([
      ['kafka', true],
      ['database', true],
      ['auth', true],
    ]);
    expect(s.network_latency).toBeGreaterThan(0);
    expect(s.api_response_time).toBeNull(); // no gateway to read in this test
    expect(['healthy', 'warning', 'critical']).toContain(s.overall_health);
  });

  it('needs a signed-in user', async () => {
    expect((await http(ctx.url, 'GET', '/monitoring/system-status')).status).toBe(401);
    const anonymous = await http(ctx.url, 'POST', '/monitoring/simulate-alert');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
  });

  it('a CPU series that crosses 85% and clears opens exactly one alert, then resolves it by itself', async () => {
    const series = [40, 90, 91, 92, 95, 97, 60, 50];
    const outcomes: Array<{ opened: Alert[]; resolved: Alert[]; status: SystemStatus }> = [];
    for (const cpu of series) outcomes.push(await ctx.sampler.record(sample({ cpu_usage: cpu })));

    const opened = outcomes.flatMap((o) => o.opened);
    expect(opened).toHaveLength(1);
    expect(outcomes.findIndex((o) => o.opened.length)).toBe(3); // the third sample above 85%
    expect(opened[0]).toMatchObject({
      rule: 'cpu_high',
      target: 'cpu_usage',
      severity: 'high',
      status: 'active',
      title: 'CPU usage above 85%',
    });
    expect(opened[0].ai_analysis).toMatch(/CPU usage is 92%, above 85% for 3 sample\(s\)/);
    expect(outcomes[3].status).toMatchObject({ overall_health: 'warning', active_alerts: 1 });
    expect(outcomes[4].status.overall_health).toBe('critical'); // 95% CPU

    const resolved = outcomes.flatMap((o) => o.resolved);
    expect(resolved.map((a) => [a.id, a.status, a.resolved_by])).toEqual([[opened[0].id, 'resolved', 'auto']]);
    expect(outcomes.findIndex((o) => o.resolved.length)).toBe(7); // after two samples below

    const all = (await get('/monitoring/alerts?limit=100')).body as Alert[];
    expect(all.filter((a) => a.rule === 'cpu_high')).toHaveLength(1);
    await events.waitFor((e) => e.type === 'alert.raised' && e.subject === opened[0].id);
    await events.waitFor((e) => e.type === 'alert.resolved' && e.subject === opened[0].id);
  });

  it('simulates alerts: default medium, a bad severity is 400 with nothing stored', async () => {
    const before = ((await get('/monitoring/system-status')).body as SystemStatus).total_alerts_24h;
    const bad = await post('/monitoring/simulate-alert?severity=urgent');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('severity must be one of: low, medium, high, critical');

    const medium = await post('/monitoring/simulate-alert', ctx.employee);
    expect(medium.status).toBe(200);
    expect(medium.body).toMatchObject({
      severity: 'medium',
      status: 'active',
      title: 'Simulated medium alert',
      rule: 'simulation',
    });
    expect(medium.body.ai_analysis).toMatch(/simulated/);
    const critical = await post('/monitoring/simulate-alert?severity=critical');
    expect(critical.body.severity).toBe('critical');

    const list = (await get('/monitoring/alerts?limit=2')).body as Alert[];
    expect(list.map((a) => a.id)).toEqual([critical.body.id, medium.body.id]);
    const event = await events.waitFor((e) => e.type === 'alert.raised' && e.subject === critical.body.id);
    // The alert as the API answers it.
    expect(event.data).toEqual({ alert: critical.body });

    // Counts come from the stored alerts, and health follows the open critical alert.
    const status = (await ctx.sampler.record(sample())).status;
    expect(status.total_alerts_24h).toBe(before + 2);
    expect(status.overall_health).toBe('critical');
    await post(`/monitoring/alerts/${critical.body.id}/resolve`);
    await post(`/monitoring/alerts/${medium.body.id}/resolve`);
  });

  it('acknowledge and resolve follow the lifecycle; anything else is 409, unknown ids 404', async () => {
    const alert = (await post('/monitoring/simulate-alert?severity=high')).body as Alert;
    const ack = await post(`/monitoring/alerts/${alert.id}/acknowledge`, ctx.employee);
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ status: 'acknowledged', acknowledged_by: expect.any(String) });
    const again = await post(`/monitoring/alerts/${alert.id}/acknowledge`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/acknowledged and cannot be acknowledged/);

    const res = await post(`/monitoring/alerts/${alert.id}/resolve`);
    expect(res.body).toMatchObject({ status: 'resolved', resolved_at: expect.any(String) });
    expect((await post(`/monitoring/alerts/${alert.id}/resolve`)).status).toBe(409);
    expect((await post(`/monitoring/alerts/${alert.id}/acknowledge`)).status).toBe(409);
    expect((await post('/monitoring/alerts/0123456789abcdef01234567/resolve')).status).toBe(404);
    expect((await post('/monitoring/alerts/not-an-id/acknowledge')).status).toBe(404);
    await events.waitFor((e) => e.type === 'alert.acknowledged' && e.subject === alert.id);

    const open = (await get('/monitoring/alerts?status=open&limit=100')).body as Alert[];
    expect(open.find((a) => a.id === alert.id)).toBeUndefined();
    expect((await get('/monitoring/alerts?limit=0')).status).toBe(400);
    expect((await get('/monitoring/alerts?limit=101')).status).toBe(400);
    expect((await get('/monitoring/alerts?status=sleeping')).body.detail).toMatch(/status must be one of/);
  });

  it('publishes each status on monitoring.status.v1', async () => {
    const statuses = await new EventRecorder(TOPICS.monitoringStatus).start();
    try {
      const { status } = await ctx.sampler.record(sample({ cpu_usage: 33.3 }));
      const e = await statuses.waitFor(
        (ev) =>
          ev.type === 'status.sampled' && (ev.data as { status: SystemStatus }).status.timestamp === status.timestamp,
      );
      expect(e.data).toEqual({ status });
    } finally {
      await statuses.stop();
    }
  });
});

describe('analysis and charts (real database, no sampler)', () => {
  let ctx: Awaited<ReturnType<typeof startMonitoring>>;
  beforeAll(async () => {
    ctx = await startMonitoring({
      samplerEnabled: false,
      sampleIntervalMs: 10_000,
      // Nothing listens on port 9 (discard): a dependency that is down.
      probeTargets: [{ target: 'ghost', url: 'http://127.0.0.1:9' }],
    });
  });
  afterAll(() => ctx.stop());
  const get = (path: string) => http(ctx.url, 'GET', path, { token: ctx.admin });

  it('without the sampler there is no status yet: 503 with a detail, not an error page', async () => {
    const res = await http(ctx.url, 'GET', '/monitoring/system-status', { token: ctx.admin });
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/first sample/);
  });

  it('a stored rising disk series yields a fill forecast within 10% of the true one', async () => {
    const now = Date.now();
    // 1.2 %/h for 12 h, with noise; at 64% one minute ago -> full in (36 - 0.02) / 1.2 h from now.
    const series = [];
    for (let i = 12 * 60; i >= 1; i--) {
      const noise = 1.2 * Math.sin(i * 7.1) * Math.cos(i * 1.3);
      series.push(
        sample({ disk_usage: Math.round((64 - (1.2 * (i - 1)) / 60 + noise) * 10) / 10 }, new Date(now - i * 60_000)),
      );
    }
    await ctx.samples.appendMany(series);
    const res = await http(ctx.url, 'POST', '/monitoring/analyze', { token: ctx.admin });
    expect(res.status).toBe(200);
    const truth = (100 - 64) / 1.2;
    const disk = res.body.ai_analysis.forecast.disk;
    expect(Math.abs(disk.hours_to_full - truth) / truth).toBeLessThan(0.1);
    expect(res.body.ai_analysis.trends.find((t: { metric: string }) => t.metric === 'disk_usage').trend).toBe('rising');
    expect(res.body.ai_analysis.summary).toMatch(/Analysed 720 samples/);
    expect(res.body.ai_analysis.narrative).toBeUndefined(); // no LLM configured: the same analysis without one

    const latest = await http(ctx.url, 'GET', '/monitoring/analysis/latest', { token: ctx.admin });
    expect(latest.body).toEqual(res.body);
    expect((await http(ctx.url, 'POST', '/monitoring/analyze?hours=0', { token: ctx.admin })).status).toBe(400);
  });

  it('chart data over 7 days stays within 360 points; a bad window is 400; old hours are removed', async () => {
    await ctx.samples.ready();
    const now = Date.now();
    const week = [];
    // One sample every 25 minutes for a week: every 30-minute point of the chart has data.
    for (let t = now - 7 * 24 * 3_600_000; t < now - 3_600_000; t += 25 * 60_000)
      week.push(sample({ cpu_usage: 10, memory_usage: 50 }, new Date(t)));
    await ctx.samples.appendMany(week);

    const res = await get('/monitoring/metrics/chart-data?hours=168');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.chart_data).sort()).toEqual([
      'api_response_time',
      'cpu_usage',
      'memory_usage',
      'network_latency',
    ]);
    expect(res.body.chart_data.cpu_usage.data.length).toBeGreaterThan(300);
    expect(res.body.chart_data.cpu_usage.data.length).toBeLessThanOrEqual(360);
    expect(res.body.chart_data.memory_usage.data.filter((v: number | null) => v !== null).length).toBeGreaterThan(300);

    const six = await get('/monitoring/metrics/chart-data');
    expect(six.body.hours).toBe(6);
    expect(six.body.chart_data.cpu_usage.labels.length).toBe(six.body.chart_data.cpu_usage.data.length);

    for (const bad of ['0', '200', 'abc']) {
      const r = await get(`/monitoring/metrics/chart-data?hours=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatch(/hours must/);
    }

    const hoursBefore = await ctx.samples.storedBuckets();
    await ctx.samples.removeBefore(new Date(now - 24 * 3_600_000));
    expect(await ctx.samples.storedBuckets()).toBeLessThan(hoursBefore - 300);
    expect((await ctx.samples.range(new Date(now - 7 * 24 * 3_600_000), new Date(now - 26 * 3_600_000))).length).toBe(
      0,
    );
  });

  it('a real probe of a dependency that is down: two failed samples raise one critical alert naming it', async () => {
    const first = await ctx.meter.measure();
    expect(first.probes.find((p) => p.target === 'ghost')).toMatchObject({
      ok: false,
      latency_ms: null,
      error: expect.any(String),
    });
    expect(first.probes.find((p) => p.target === 'database')).toMatchObject({ ok: true });
    const a = await ctx.sampler.record(first);
    expect(a.opened).toEqual([]);
    expect(a.status.overall_health).toBe('warning');
    const b = await ctx.sampler.record(await ctx.meter.measure());
    expect(b.opened).toHaveLength(1);
    expect(b.opened[0]).toMatchObject({
      rule: 'dependency_unreachable',
      target: 'ghost',
      severity: 'critical',
      title: 'ghost unreachable',
    });
    expect(b.opened[0].ai_analysis).toMatch(/ghost has not answered for 2 consecutive samples/);
    expect(b.status).toMatchObject({ overall_health: 'critical', active_alerts: 1 });
  });
});

describe('analysis with an LLM endpoint configured', () => {
  let ctx: Awaited<ReturnType<typeof startMonitoring>>;
  let server: Server;
  const asked: Array<{
    auth: string | undefined;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];
  let failNext = false;

  beforeAll(async () => {
    // An OpenAI-compatible endpoint on loopback: the service's only outside dependency, stood in for here.
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        asked.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        if (failNext) {
          failNext = false;
          res.writeHead(500).end('{"error":"overloaded"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: '  Disk is filling: free space.  ' } }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    ctx = await startMonitoring({
      samplerEnabled: false,
      llm: { url: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'test-model', timeoutMs: 5000 },
    });
    await ctx.samples.appendMany(
      [1, 2, 3].map((i) => sample({ disk_usage: 50 + i }, new Date(Date.now() - i * 60_000))),
    );
  });
  afterAll(async () => {
    await ctx.stop();
    server.close();
  });

  it('adds the narrative written from the structured analysis', async () => {
    const res = await http(ctx.url, 'POST', '/monitoring/analyze', { token: ctx.admin });
    expect(res.status).toBe(200);
    expect(res.body.ai_analysis.narrative).toBe('Disk is filling: free space.');
    const call = asked[asked.length - 1];
    expect(call.auth).toBe('Bearer test-key');
    expect(call.body.model).toBe('test-model');
    const sent = JSON.parse(call.body.messages[1].content);
    expect(sent.summary).toBe(res.body.ai_analysis.summary);
  });

  it('answers the same analysis without a narrative when the endpoint fails', async () => {
    failNext = true;
    const res = await http(ctx.url, 'POST', '/monitoring/analyze', { token: ctx.admin });
    expect(res.status).toBe(200);
    expect(res.body.ai_analysis.narrative).toBeUndefined();
    expect(res.body.ai_analysis.summary).toMatch(/Analysed 3 samples/);
  });
});

describe('while its database is away', () => {
  let ctx: Awaited<ReturnType<typeof startMonitoring>>;
  beforeAll(async () => {
    ctx = await startMonitoring({ samplerEnabled: false });
  });
  afterAll(() => ctx.stop());

  it('keeps measuring and publishing: the database probe fails, health turns critical, the chart keeps the samples', async () => {
    await ctx.samples.ready();
    await ctx.sampler.record(await ctx.meter.measure());
    const statuses = await new EventRecorder(TOPICS.monitoringStatus).start();
    try {
      // The service's own connection goes away, as when the database is down.
      await ctx.app.get<Connection>(MONGO_CONNECTION).close();
      const first = await ctx.sampler.record(await ctx.meter.measure());
      expect(first.status.probes.find((p) => p.target === 'database')).toMatchObject({ ok: false });
      // A failing probe is a warning at least (critical too if this busy machine is at 95% CPU).
      expect(['warning', 'critical']).toContain(first.status.overall_health);
      expect(first.opened).toEqual([]);
      const second = await ctx.sampler.record(await ctx.meter.measure());
      // Two failed probes fire the dependency rule: critical, although the alert cannot be stored yet.
      expect(second.status.overall_health).toBe('critical');
      await statuses.waitFor((e) => (e.data as { status: SystemStatus }).status.timestamp === second.status.timestamp);
      const chart = await ctx.samples.range(new Date(Date.now() - 60_000), new Date());
      expect(chart.map((s) => s.at.toISOString())).toEqual(
        expect.arrayContaining([first.status.timestamp, second.status.timestamp]),
      );
    } finally {
      await statuses.stop();
    }
  });
});

describe('alerts stored before one open alert per rule and target was an index', () => {
  const dbName = uniqueDbName('monitoring');
  let client: MongoClient;
  let ctx: Awaited<ReturnType<typeof startMonitoring>>;
  const ids = {
    olderOpen: new ObjectId(),
    newerOpen: new ObjectId(),
    resolved: new ObjectId(),
    simulation: new ObjectId(),
  };

  beforeAll(async () => {
    client = await MongoClient.connect(infra().mongoUrl);
    const old = (_id: ObjectId, status: string, rule: string, target: string, minutesAgo: number) => ({
      _id,
      severity: 'high',
      status,
      title: `${rule} on ${target}`,
      description: 'stored by the previous version',
      rule,
      target,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
      updated_at: new Date(Date.now() - minutesAgo * 60_000),
      acknowledged_at: null,
      acknowledged_by: null,
      resolved_at: status === 'resolved' ? new Date() : null,
      resolved_by: status === 'resolved' ? 'auto' : null,
      outbox: [],
    });
    // Two open alerts of one pair: what a race of the old check-then-insert could leave behind.
    await client
      .db(dbName)
      .collection('alerts')
      .insertMany([
        old(ids.olderOpen, 'active', 'cpu_high', 'cpu_usage', 30),
        old(ids.newerOpen, 'acknowledged', 'cpu_high', 'cpu_usage', 20),
        old(ids.resolved, 'resolved', 'cpu_high', 'cpu_usage', 60),
        old(ids.simulation, 'active', 'simulation', 'simulation', 10),
      ]);
    ctx = await startMonitoring({ samplerEnabled: false, mongoDb: dbName });
  });
  afterAll(async () => {
    await ctx?.stop();
    await client.close();
  });

  it('get their key at start: the newest open one stays the open one of its pair, and the rules resolve it', async () => {
    const docs = await client.db(dbName).collection('alerts').find({}).toArray();
    const keyOf = (id: ObjectId) => docs.find((d) => d._id.equals(id))!.open_key;
    expect(keyOf(ids.newerOpen)).toBe('cpu_high:cpu_usage');
    expect(keyOf(ids.olderOpen)).toBe(`cpu_high:cpu_usage:${ids.olderOpen}`);
    expect(keyOf(ids.resolved)).toBe(`cpu_high:cpu_usage:${ids.resolved}`);
    expect(keyOf(ids.simulation)).toBe(`simulation:simulation:${ids.simulation}`);
    const indexes = await client.db(dbName).collection('alerts').indexes();
    expect(indexes.find((i) => i.key.open_key === 1)?.unique).toBe(true);

    await ctx.sampler.record(sample());
    const { resolved } = await ctx.sampler.record(sample());
    expect(resolved.map((a) => a.id)).toEqual([String(ids.newerOpen)]);
    // The older duplicate is still open, and can be resolved by hand.
    const res = await http(ctx.url, 'POST', `/monitoring/alerts/${ids.olderOpen}/resolve`, { token: ctx.admin });
    expect(res.body).toMatchObject({ status: 'resolved' });
  });
});

describe('the sampler while its database is away', () => {
  let ctx: Awaited<ReturnType<typeof startMonitoring>>;
  // A target that names this test's statuses on the shared topic (nothing listens on port 9).
  const marker = `lease-test-${Date.now().toString(36)}`;
  beforeAll(async () => {
    // Lease of max(2 periods, 2 probe timeouts) = 1 s.
    ctx = await startMonitoring({
      sampleIntervalMs: 500,
      probeTimeoutMs: 300,
      probeTargets: [{ target: marker, url: 'http://127.0.0.1:9' }],
    });
  });
  afterAll(() => ctx.stop());

  it('the process that held the lease samples on without it, and the statuses keep coming', async () => {
    const statuses = await new EventRecorder(
      TOPICS.monitoringStatus,
      (e) => !!(e.data as { status: SystemStatus }).status.probes.find((p) => p.target === marker),
    ).start();
    try {
      await statuses.waitFor(() => true);
      expect(ctx.sampler.isLeader).toBe(true);
      await ctx.app.get<Connection>(MONGO_CONNECTION).close();
      const closedAt = Date.now();
      const without = (e: { data: unknown }) => {
        const s = (e.data as { status: SystemStatus }).status;
        return Date.parse(s.timestamp) > closedAt && s.probes.some((p) => p.target === 'database' && !p.ok);
      };
      await statuses.waitFor((e) => without(e) && statuses.events.filter(without).length >= 3, 15_000);
      expect(ctx.sampler.isLeader).toBe(false);
    } finally {
      await statuses.stop();
    }
  });
});
