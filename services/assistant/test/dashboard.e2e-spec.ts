import {
  INSIGHT_SUBJECTS_MAX,
  PRESENCE_WINDOW_MS,
  type DashboardMetrics,
  type Insight,
  type RevenueMonth,
} from '@sixa/contracts';
import { http, sleep, uniqueDbName } from '@sixa/testing';
import Decimal from 'decimal.js';
import mongoose from 'mongoose';
import { newWorkflow } from '../../work/test/factories';
import { startAssistantService } from '../src/app.module';
import { EMPLOYEE, startAssistantStack } from './factories';

/**
 * The dashboard on the real services and Kafka. Every suite of a test run shares the topics, so the
 * read model also counts what other suites do meanwhile: figures are compared as deltas, retried
 * when someone else's event landed in between, and a rebuild is compared once both stores caught up.
 */
describe('dashboard read model', () => {
  let stack: Awaited<ReturnType<typeof startAssistantStack>>;
  let db: mongoose.Connection;
  const extra: Array<{ close: () => Promise<unknown> }> = [];

  beforeAll(async () => {
    // The history too: this suite compares a rebuild from the topics' start.
    stack = await startAssistantStack({ assistant: { readModelFromBeginning: true } });
    db = await mongoose.createConnection(stack.config.mongoUrl, { dbName: stack.config.mongoDb }).asPromise();
    await http(stack.api, 'POST', '/quotes/init-sample-data');
    // A new group reads the topics from their start: figures are steady once it has caught up,
    // i.e. once an event published now has been applied.
    const member = await http(stack.api, 'POST', '/team', {
      token: stack.admin,
      body: { name: 'Read Model Probe', email: `probe.${Date.now()}@sixa.local`, role: 'Probe', department: 'Support' },
    });
    expect(member.status).toBe(201);
    const end = Date.now() + 240_000;
    while (!(await db.collection('dash_members').findOne({ _id: member.body.id }))) {
      if (Date.now() > end) throw new Error('the read model did not catch up with the topics within 240 s');
      await sleep(200);
    }
  }, 300_000);
  afterAll(async () => {
    for (const app of extra) await app.close();
    await db?.close();
    await stack?.stop();
  });

  const get = async <T>(path: string, token = stack.employee, base = stack.api): Promise<T> => {
    const res = await http(base, 'GET', path, { token });
    expect(res.status).toBe(200);
    return res.body as T;
  };
  const metrics = (base = stack.api) => get<DashboardMetrics>('/dashboard/metrics', stack.employee, base);

  async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
      await sleep(100);
    }
  }

  /** A quote sent to a customer (its public link's token with it). */
  async function sentQuote(
    quantity: number,
    extra: { expires_in_days?: number } = {},
  ): Promise<{ id: string; total_amount: number; quote_number: string; token: string }> {
    const products = (await http(stack.api, 'GET', '/products-services', { token: stack.employee })).body;
    const created = await http(stack.api, 'POST', '/quotes', {
      token: stack.employee,
      body: {
        title: `Dashboard quote ${Date.now()}`,
        customer_name: 'Katherine Johnson',
        customer_email: `katherine.${Date.now()}@nasa.gov`,
        line_items: [{ product_service_id: products[0].id, quantity }],
        created_by: 'current_user',
        ...extra,
      },
    });
    expect(created.status).toBe(201);
    const sent = await http(stack.api, 'POST', `/quotes/${created.body.id}/send`, { token: stack.employee });
    expect(sent.status).toBe(200);
    const token = new URL(sent.body.public_url).pathname.split('/').pop()!;
    return { ...created.body, token };
  }

  /** A quote sent to a customer and accepted through the public link (no token), as a customer does. */
  async function acceptedQuote(quantity: number): Promise<{ id: string; total_amount: number }> {
    const quote = await sentQuote(quantity);
    const accepted = await http(stack.api, 'POST', `/quotes/public/${quote.token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    return quote;
  }

  it('adds an accepted quote’s exact total to total_revenue within 5 s', async () => {
    // Retried when another suite's quote was accepted in between (the delta is then not ours alone).
    let quote: { id: string; total_amount: number };
    for (let attempt = 1; ; attempt++) {
      const before = await metrics();
      quote = await acceptedQuote(7);
      const acceptedAt = Date.now();
      await until(
        'the quote in the read model',
        () => db.collection('dash_quotes').findOne({ _id: quote.id as never }),
        (q) => q?.status === 'accepted',
        5_000,
      );
      const after = await metrics();
      expect(Date.now() - acceptedAt).toBeLessThan(5_000);
      const delta = new Decimal(after.total_revenue).minus(before.total_revenue);
      if (delta.equals(new Decimal(quote.total_amount)) || attempt === 5) {
        expect(delta.toFixed(2)).toBe(new Decimal(quote.total_amount).toFixed(2));
        break;
      }
    }

    // The trend: the last 12 months, oldest first, this month (in the dashboard's zone) holding the quote.
    const { time_zone } = await metrics();
    const trend = await get<RevenueMonth[]>('/dashboard/revenue-trend');
    expect(trend).toHaveLength(12);
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: time_zone, year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    expect(trend[11].month).toBe(thisMonth);
    expect(trend.map((m) => m.month)).toEqual([...trend.map((m) => m.month)].sort());
    expect(trend[11].quotes).toBeGreaterThanOrEqual(1);
    expect(trend[11].revenue).toBeGreaterThanOrEqual(quote.total_amount);
  });

  it('counts a finished workflow run in automated_today and its steps in ai_tasks_completed', async () => {
    const before = await metrics();
    const created = await http(stack.api, 'POST', '/workflows', { token: stack.employee, body: newWorkflow() });
    expect(created.status).toBe(201);
    const run = await http(stack.api, 'POST', `/workflows/${created.body.id}/execute`, {
      token: stack.employee,
      body: {},
    });
    expect(run.status).toBe(202);
    const fact = await until(
      'the finished run in the read model',
      () => db.collection('dash_runs').findOne({ _id: run.body.id as never }),
      (r) => r?.status === 'succeeded',
      20_000,
    );
    expect(fact!.workflow_name).toBe(created.body.name);
    const after = await metrics();
    // At least this run and its two steps (other suites' runs may end meanwhile too).
    expect(after.automated_today).toBeGreaterThanOrEqual(before.automated_today + 1);
    expect(after.ai_tasks_completed).toBeGreaterThanOrEqual(before.ai_tasks_completed + 2);
    expect(after.active_workflows).toBeGreaterThanOrEqual(1);
    const steps = await db.collection('dash_actions').countDocuments({ _id: { $regex: `^${run.body.id}:` } as never });
    expect(steps).toBe(2);

    // The feed shows it, newest first, with a link to its runs.
    const feed = await get<Array<{ id: string; status: string; link: string }>>('/dashboard/activity?limit=50');
    expect(feed.find((a) => a.id === run.body.id)).toMatchObject({
      source: 'workflow',
      status: 'completed',
      title: `Workflow "${created.body.name}"`,
      link: `/workflows?run=${run.body.id}`,
    });
    // One entry per run, updated in place; newest first.
    expect(feed.filter((a) => a.id === run.body.id)).toHaveLength(1);
    const times = feed.map((a) => (a as unknown as { at: string }).at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('counts a new team member, and counts them online while their e-mail is seen signed in', async () => {
    // The employee's own requests through the gateway (these very ones) are its sightings.
    await until(
      'the employee seen',
      async () => {
        await metrics();
        return db.collection('dash_sightings').findOne({ _id: EMPLOYEE.email as never });
      },
      (s) => !!s && Date.now() - (s.last_seen_at as Date).getTime() < PRESENCE_WINDOW_MS,
    );
    // Retried when another suite's member came or went in between (the delta is then not ours alone).
    const trace: unknown[] = [];
    for (let attempt = 1; ; attempt++) {
      const before = await metrics();
      const member = await http(stack.api, 'POST', '/team', {
        token: stack.admin,
        body: { name: 'Online Probe', email: EMPLOYEE.email, role: 'Probe', department: 'Support' },
      });
      expect(member.status).toBe(201);
      await until(
        'the member in the read model',
        () => db.collection('dash_members').findOne({ _id: member.body.id }),
        (m) => !!m,
        5_000,
      );
      const after = await metrics();
      const deltas = [after.team_members - before.team_members, after.online_members - before.online_members];
      trace.push({
        before: [before.team_members, before.online_members],
        after: [after.team_members, after.online_members],
      });
      if (deltas[0] === 1 && deltas[1] === 1) break;
      if (attempt === 5)
        throw new Error(`team_members and online_members did not rise by one together: ${JSON.stringify(trace)}`);
      // Away again, and known to be, before the next attempt (the work service keeps one member per e-mail).
      expect((await http(stack.api, 'DELETE', `/team/${member.body.id}`, { token: stack.admin })).status).toBeLessThan(
        300,
      );
      await until(
        'the member deleted in the read model',
        () => db.collection('dash_members').findOne({ _id: member.body.id }),
        (m) => m?.deleted === true,
        5_000,
      );
    }
  });

  it('derives insights from the data: an overdue task and a hot lead nobody works on', async () => {
    const leadBody = {
      name: `Grace Hopper ${Date.now()}`,
      email: `grace.${Date.now()}@navylabs.example`,
      company: 'Navy Labs',
      phone: '+1 555 0100',
      source: 'Referral',
      notes: 'Ready to buy this quarter, budget approved, decision maker',
    };
    const lead = await http(stack.api, 'POST', '/leads', { token: stack.employee, body: leadBody });
    expect(lead.status).toBe(201);
    // Qualified, it scores 90: hot.
    const qualified = await http(stack.api, 'PUT', `/leads/${lead.body.id}`, {
      token: stack.employee,
      body: { ...leadBody, status: 'qualified', rev: lead.body.rev },
    });
    expect(qualified.status).toBe(200);
    lead.body = qualified.body;
    const task = await http(stack.api, 'POST', '/tasks', {
      token: stack.employee,
      body: {
        title: `Send the contract ${Date.now()}`,
        description: '',
        priority: 'high',
        assigned_to: 'Dana',
        due_date: new Date(Date.now() + 1500).toISOString(),
      },
    });
    expect(task.status).toBe(201);

    const insights = await until(
      'the overdue insight covering the task',
      () => get<Insight[]>('/dashboard/insights'),
      (list) => covers(list, 'overdue_tasks', task.body.id),
      20_000,
    );
    const overdue = insights.find((i) => i.kind === 'overdue_tasks')!;
    // Named, or among the more (subjects are capped; other suites' overdue tasks come first, oldest first).
    if (!overdue.subject_ids.includes(task.body.id))
      expect(await db.collection('dash_tasks').findOne({ _id: task.body.id })).toMatchObject({
        overdue_at: expect.any(Date),
      });
    expect(overdue.action).toEqual({ label: 'Open overdue tasks', route: '/tasks', query: { overdue: 'true' } });
    expect(['high', 'medium']).toContain(overdue.priority);

    expect(lead.body.label).toBe('Hot');
    {
      const hot = insights.find((i) => i.kind === 'hot_leads_without_task');
      if (hot?.subject_ids.length !== INSIGHT_SUBJECTS_MAX) expect(hot?.subject_ids).toContain(lead.body.id);
      else expect(await db.collection('dash_leads').findOne({ _id: lead.body.id })).toMatchObject({ label: 'Hot' });
      // A task that names the lead takes it off the list.
      await http(stack.api, 'POST', '/tasks', {
        token: stack.employee,
        body: { title: `Call ${lead.body.name}`, description: '', priority: 'high', assigned_to: 'Dana' },
      });
      await until(
        'the hot lead covered by its task',
        () => get<Insight[]>('/dashboard/insights'),
        (list) => !list.find((i) => i.kind === 'hot_leads_without_task' && i.subject_ids.includes(lead.body.id)),
      );
    }
  });

  /**
   * The insight of that kind names the subject, or names as many as it may (INSIGHT_SUBJECTS_MAX):
   * other suites share Kafka, and their subjects may fill the list before this test's.
   */
  const covers = (list: Insight[], kind: Insight['kind'], id: string) => {
    const insight = list.find((i) => i.kind === kind);
    return !!insight && (insight.subject_ids.includes(id) || insight.subject_ids.length === INSIGHT_SUBJECTS_MAX);
  };

  it('lists a sent quote that expires within 3 days until its customer accepts it', async () => {
    const quote = await sentQuote(2, { expires_in_days: 2 });
    const list = await until(
      'the expiring quote among the insights',
      () => get<Insight[]>('/dashboard/insights'),
      (l) => !!l.find((i) => i.kind === 'quotes_expiring' && i.subject_ids.includes(quote.id)),
    );
    const expiring = list.find((i) => i.kind === 'quotes_expiring')!;
    expect(expiring.count).toBeGreaterThanOrEqual(1);
    expect(expiring.title).toBe(`${expiring.count} quote${expiring.count === 1 ? '' : 's'} expiring within 3 days`);
    expect(expiring.action).toEqual({ label: 'Open quotes', route: '/quotes', query: { status: 'sent' } });
    if (expiring.subject_ids.indexOf(quote.id) < 3) expect(expiring.description).toContain(quote.quote_number);

    const accepted = await http(stack.api, 'POST', `/quotes/public/${quote.token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    await until(
      'the accepted quote off the list',
      () => get<Insight[]>('/dashboard/insights'),
      (l) => !l.find((i) => i.kind === 'quotes_expiring' && i.subject_ids.includes(quote.id)),
    );
  });

  it('answers 400 with a detail for a bad activity limit, and 401 without a token', async () => {
    const bad = await http(stack.api, 'GET', '/dashboard/activity?limit=0', { token: stack.employee });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/limit/);
    expect((await http(stack.api, 'GET', '/dashboard/metrics')).status).toBe(401);
    // The service itself asks for a token too, not only the gateway in front of it.
    for (const path of ['/dashboard/metrics', '/dashboard/insights', '/dashboard/revenue-trend', '/dashboard/activity'])
      expect((await http(stack.url, 'GET', path)).status).toBe(401);
    // Any role will do.
    expect((await http(stack.api, 'GET', '/dashboard/metrics', { token: stack.admin })).status).toBe(200);
  });

  it('holds the same facts about what it was told after a replay into the same store (no double counting) and a rebuild into an empty one', async () => {
    // Other suites publish on the same topics all the while, so the stores' global figures need not
    // agree at any one moment; what this stack made must. Its things, by id, from crm's and work's own
    // databases; the read model's documents about them compared store against store.
    const client = db.getClient();
    const ids = async (dbName: string, collection: string) =>
      (
        await client
          .db(dbName)
          .collection(collection)
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => String(d._id));
    const own: Record<string, string[]> = {
      dash_quotes: await ids(stack.crmDb, 'quotes'),
      dash_leads: await ids(stack.crmDb, 'leads'),
      dash_workflows: await ids(stack.workDb, 'workflows'),
      dash_runs: await ids(stack.workDb, 'workflow_runs'),
      dash_tasks: await ids(stack.workDb, 'tasks'),
      dash_members: await ids(stack.workDb, 'team_members'),
    };
    expect(own.dash_quotes.length).toBeGreaterThan(0);
    expect(own.dash_runs.length).toBeGreaterThan(0);
    const runs = new Set(own.dash_runs);
    const snapshot = async (dbName: string) => {
      const store = client.db(dbName);
      const out: Record<string, unknown[]> = {};
      for (const [name, list] of Object.entries(own)) {
        out[name] = await store
          .collection(name)
          .find({ _id: { $in: list as never[] } })
          .sort({ _id: 1 })
          .toArray();
      }
      // A workflow step's outcome is keyed "<run id>:<step index>".
      out.dash_actions = (await store.collection('dash_actions').find({}).sort({ _id: 1 }).toArray()).filter((a) =>
        runs.has(String(a._id).split(':')[0]),
      );
      return out;
    };
    // Settled first: the earlier tests' last events (a run's end, a score) may still be on their way.
    let before = await snapshot(stack.config.mongoDb);
    for (let settled = Date.now() + 60_000; Date.now() < settled;) {
      await sleep(2000);
      const now = await snapshot(stack.config.mongoDb);
      if (JSON.stringify(now) === JSON.stringify(before)) break;
      before = now;
    }
    expect(before.dash_quotes).toHaveLength(own.dash_quotes.length);
    expect(before.dash_actions.length).toBeGreaterThan(0);

    // The running store, fed every event again from the topics' start by a new group.
    await stack.restartAssistant({ readModelGeneration: `again-${Date.now()}` });
    // A rebuild: an empty store, a new group from the start.
    const rebuiltDb = uniqueDbName('assistant_rebuilt');
    const rebuilt = await startAssistantService({
      ...stack.config,
      mongoDb: rebuiltDb,
      readModelGeneration: `rebuild-${Date.now()}`,
    });
    extra.push(rebuilt.app);

    // The replay changes nothing of what was there (no double counting); the rebuild, once it has read
    // as far as this stack's events, holds the same documents.
    const end = Date.now() + 400_000;
    for (;;) {
      const [again, fresh] = await Promise.all([snapshot(stack.config.mongoDb), snapshot(rebuiltDb)]);
      if (JSON.stringify(fresh) === JSON.stringify(before) && JSON.stringify(again) === JSON.stringify(before)) {
        expect(again).toEqual(before);
        expect(fresh).toEqual(before);
        break;
      }
      if (Date.now() > end) {
        const counts = (s: Record<string, unknown[]>) =>
          Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.length]));
        throw new Error(
          `the rebuilt store never matched: ${JSON.stringify({ running: counts(again), rebuilt: counts(fresh) })}`,
        );
      }
      await sleep(1000);
    }
    // The figures come from those documents: the running store's still count this stack's revenue.
    expect((await metrics()).total_revenue).toBeGreaterThan(0);
    expect((await metrics(rebuilt.url)).total_revenue).toBeGreaterThan(0);
  }, 480_000);
});
