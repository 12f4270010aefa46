import { TOPICS, type Lead, type Task, type Workflow, type WorkflowRun } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { apiAs, EventRecorder, infra, onBrokers, sleep } from '@sixa/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { newWorkflow, startWork, type WorkContext } from './factories';

/** Workflow runs and the engine, through the gateway, on the real store and Kafka. */
describe('workflow runs, through the gateway', () => {
  let ctx: WorkContext;
  let recorder: EventRecorder;
  let producer: Producer;
  let hooks: Server;
  let hookBase: string;
  const received: Array<{ path: string; key: string }> = [];
  const mailDir = mkdtempSync(join(tmpdir(), 'workflow-mail-'));

  beforeAll(async () => {
    hooks = createServer((req, res) => {
      received.push({ path: req.url ?? '', key: String(req.headers['idempotency-key'] ?? '') });
      req.resume();
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end('{}');
    });
    await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
    hookBase = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
    // The local hook server is allowed by configuration; every other private address stays refused.
    ctx = await startWork({ webhookAllowHosts: ['127.0.0.1'], workflowRetryBaseMs: 100, mailOutboxDir: mailDir });
    recorder = await new EventRecorder(TOPICS.work, (e) => e.type.startsWith('workflow.')).start();
    producer = new Kafka({
      clientId: 'workflow-test',
      brokers: infra().brokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await producer.connect();
  });
  afterAll(async () => {
    await producer?.disconnect();
    await recorder?.stop();
    await ctx?.stop();
    await new Promise((r) => hooks?.close(r));
  });

  const as = (token: string) => apiAs(ctx.api, token);

  async function workflow(overrides: Record<string, unknown>): Promise<Workflow> {
    const res = await as(ctx.employee).post('/workflows', newWorkflow(overrides));
    expect(res.status).toBe(201);
    return res.body;
  }

  async function execute(id: string, input?: Record<string, unknown>): Promise<WorkflowRun> {
    const res = await as(ctx.employee).post(`/workflows/${id}/execute`, input ? { input } : {});
    expect(res.status).toBe(202);
    return res.body;
  }

  async function runUntil(runId: string, done: (r: WorkflowRun) => boolean, ms = 20_000): Promise<WorkflowRun> {
    const end = Date.now() + ms;
    for (;;) {
      const res = await as(ctx.employee).get(`/workflows/runs/${runId}`);
      expect(res.status).toBe(200);
      if (done(res.body)) return res.body;
      if (Date.now() > end) throw new Error(`run ${runId} still ${JSON.stringify(res.body)}`);
      await sleep(100);
    }
  }
  /** The workflow once its counters include `executions` runs (they follow the run's final transition). */
  async function workflowAfter(id: string, executions: number): Promise<Workflow> {
    const end = Date.now() + 10_000;
    for (;;) {
      const res = await as(ctx.employee).get(`/workflows/${id}`);
      if (res.body.executions >= executions || Date.now() > end) return res.body;
      await sleep(100);
    }
  }

  const finished = (r: WorkflowRun) => r.status === 'succeeded' || r.status === 'failed';

  async function tasksTitled(title: string): Promise<Task[]> {
    const res = await as(ctx.employee).get(`/tasks?q=${encodeURIComponent(title)}`);
    return (res.body as Task[]).filter((t) => t.title === title);
  }

  const taskThenWaitThenTask = (tag: string, seconds: number) => ({
    steps: [
      { action: 'create_task', description: 'first', params: { title: `First {{who}} ${tag}` } },
      { action: 'wait', description: 'pause', params: { seconds } },
      { action: 'create_task', description: 'second', params: { title: `Second ${tag}`, priority: 'high' } },
    ],
  });

  it('runs create_task → wait 1 s → create_task to the end, with a record of every step', async () => {
    const tag = `r${Date.now()}`;
    const w = await workflow(taskThenWaitThenTask(tag, 1));
    const started = await execute(w.id, { who: 'Ada' });
    expect(started).toMatchObject({
      workflow_id: w.id,
      status: 'pending',
      trigger: { type: 'manual' },
      input: { who: 'Ada' },
    });
    expect(started.steps.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);

    const waiting = await runUntil(started.id, (r) => r.status === 'waiting' || finished(r));
    expect(waiting.status).toBe('waiting');
    expect(waiting.steps.map((s) => s.status)).toEqual(['succeeded', 'waiting', 'pending']);

    const run = await runUntil(started.id, finished);
    expect(run.status).toBe('succeeded');
    expect(run.steps.map((s) => [s.action, s.status, s.attempts])).toEqual([
      ['create_task', 'succeeded', 1],
      ['wait', 'succeeded', 0],
      ['create_task', 'succeeded', 1],
    ]);
    expect(
      new Date(run.steps[2].started_at!).getTime() - new Date(run.steps[0].ended_at!).getTime(),
    ).toBeGreaterThanOrEqual(1000);
    expect(run.steps[0].input).toMatchObject({ title: `First Ada ${tag}` });
    const first = await as(ctx.employee).get(`/tasks/${String(run.steps[0].output!.task_id)}`);
    expect(first.body).toMatchObject({ title: `First Ada ${tag}`, tags: ['workflow'] });
    expect(await tasksTitled(`Second ${tag}`)).toHaveLength(1);

    await recorder.waitFor((e) => e.type === 'workflow.run_succeeded' && e.subject === run.id);
    const types = recorder.events.filter((e) => e.subject === run.id).map((e) => e.type);
    expect(types.filter((t) => t === 'workflow.step_succeeded')).toHaveLength(3);
    expect(types).toContain('workflow.run_started');

    const after = { body: await workflowAfter(w.id, 1) };
    expect(after.body).toMatchObject({ executions: 1, succeeded: 1, success_rate: 100, status: 'completed' });
    const runs = await as(ctx.employee).get(`/workflows/${w.id}/runs`);
    expect(runs.headers.get('x-total-count')).toBe('1');
    expect(runs.body[0].id).toBe(run.id);
  });

  it('a run waiting when the service stops completes once after the restart', async () => {
    const tag = `s${Date.now()}`;
    const w = await workflow(taskThenWaitThenTask(tag, 2));
    const started = await execute(w.id, { who: 'Bo' });
    await runUntil(started.id, (r) => r.status === 'waiting');
    await ctx.restart();
    const run = await runUntil(started.id, finished);
    expect(run.status).toBe('succeeded');
    expect(await tasksTitled(`First Bo ${tag}`)).toHaveLength(1);
    expect(await tasksTitled(`Second ${tag}`)).toHaveLength(1);
    expect((await workflowAfter(w.id, 1)).executions).toBe(1);
  });

  it('retries a failing webhook the configured number of times with one idempotency key, then fails the run', async () => {
    const w = await workflow({
      retries: 2,
      steps: [{ action: 'call_webhook', description: 'notify', params: { url: '{{url}}' } }],
    });
    const ok = await runUntil((await execute(w.id, { url: `${hookBase}/ok` })).id, finished);
    expect(ok.status).toBe('succeeded');
    expect((await workflowAfter(w.id, 1)).success_rate).toBe(100);

    const started = await execute(w.id, { url: `${hookBase}/fail` });
    const run = await runUntil(started.id, finished);
    expect(run.status).toBe('failed');
    expect(run.steps[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(run.error).toMatch(/step 1 \(call_webhook\): webhook .* answered 500/);
    const calls = received.filter((c) => c.path.startsWith('/fail'));
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set([`${run.id}:0`]));

    const failedEvents = async () =>
      (await recorder.waitFor((e) => e.type === 'workflow.run_failed' && e.subject === run.id)) &&
      recorder.events.filter((e) => e.type === 'workflow.step_failed' && e.subject === run.id);
    expect(await failedEvents()).toHaveLength(3);
    const after = await workflowAfter(w.id, 2);
    expect(after).toMatchObject({ executions: 2, succeeded: 1, failed: 1, success_rate: 50, status: 'failed' });
  });

  it('refuses webhooks to link-local addresses and to host names resolving to loopback, without retrying', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://localhost:9/hook', 'http://10.1.2.3/x']) {
      const w = await workflow({ steps: [{ action: 'call_webhook', params: { url } }] });
      const run = await runUntil((await execute(w.id)).id, finished);
      expect(run.status).toBe('failed');
      expect(run.steps[0].attempts).toBe(1);
      expect(run.error).toMatch(/refused/);
    }
  });

  it('starts no run of a paused workflow (409)', async () => {
    const w = await workflow({});
    expect((await as(ctx.employee).post(`/workflows/${w.id}/pause`)).status).toBe(200);
    const res = await as(ctx.employee).post(`/workflows/${w.id}/execute`, {});
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/paused/);
    expect((await as(ctx.employee).get(`/workflows/${w.id}/runs`)).body).toEqual([]);
    expect((await as(ctx.employee).get('/workflows/runs/000000000000000000000000')).status).toBe(404);
  });

  async function runsOf(id: string): Promise<WorkflowRun[]> {
    const res = await as(ctx.employee).get(`/workflows/${id}/runs`);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > end) return v;
      await sleep(150);
    }
  }

  it('starts one run per matching domain event (redeliveries and other sources start none), templated from its data', async () => {
    // Other suites create real Referral leads on the same topic meanwhile: this test's workflows also
    // match its own lead's name, so only the events it sends can start their runs.
    const name = `Lead ${Date.now()}`;
    const onReferral = {
      type: 'event',
      event_type: 'lead.created',
      conditions: [
        { field: 'lead.source', op: 'eq', value: 'Referral' },
        { field: 'lead.name', op: 'eq', value: name },
      ],
    };
    const w = await workflow({
      trigger: onReferral,
      steps: [{ action: 'create_task', params: { title: 'Call {{lead.name}}' } }],
    });
    const pausedOne = await workflow({ trigger: onReferral });
    await as(ctx.employee).post(`/workflows/${pausedOne.id}/pause`);

    const lead = (source: string) => ({ id: `lead-${source}-${name}`, name, source }) as unknown as Lead;
    const referral = createEvent('crm', 'lead.created', 'lead-1', 'test', { lead: lead('Referral') });
    const web = createEvent('crm', 'lead.created', 'lead-2', 'test', { lead: lead('Web') });
    const send = (e: object) =>
      producer.send({ topic: onBrokers(TOPICS.crm), messages: [{ key: 'lead', value: JSON.stringify(e) }] });
    await send(referral);
    await send(web);
    await send(referral);

    const runs = await until(
      () => runsOf(w.id),
      (r) => r.length > 0 && r.every(finished),
    );
    await sleep(1500);
    const settled = await runsOf(w.id);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({
      status: 'succeeded',
      trigger: { type: 'event', event_id: referral.id, event_type: 'lead.created' },
    });
    expect(runs[0].steps[0].input).toEqual({ title: `Call ${name}` });
    expect(await tasksTitled(`Call ${name}`)).toHaveLength(1);
    expect(await runsOf(pausedOne.id)).toEqual([]);
  });

  it('refuses a workflow triggered by workflow events', async () => {
    const res = await as(ctx.employee).post(
      '/workflows',
      newWorkflow({ trigger: { type: 'event', event_type: 'workflow.run_succeeded', conditions: [] } }),
    );
    expect(res.status).toBe(400);
  });

  it('runs a cron workflow on schedule, and not once paused', async () => {
    const w = await workflow({
      trigger: { type: 'schedule', cron: '* * * * * *', time_zone: 'UTC' },
      steps: [{ action: 'wait', params: { seconds: 0 } }],
    });
    const runs = await until(
      () => runsOf(w.id),
      (r) => r.length >= 2,
    );
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0].trigger.type).toBe('schedule');
    expect(new Set(runs.map((r) => r.input.scheduled_at)).size).toBe(runs.length);
    await as(ctx.employee).post(`/workflows/${w.id}/pause`);
    await sleep(1000);
    const before = (await runsOf(w.id)).length;
    await sleep(2500);
    expect((await runsOf(w.id)).length).toBe(before);
  });

  it('sends an e-mail step to the local outbox (no SMTP_URL), listed at /workflows/mail-outbox', async () => {
    const w = await workflow({
      steps: [
        {
          action: 'send_email',
          params: { to: '{{email}}', subject: 'Welcome {{name}}', body: 'Hello {{name}}, welcome aboard.' },
        },
      ],
    });
    const run = await runUntil((await execute(w.id, { email: 'ada@example.com', name: 'Ada' })).id, finished);
    expect(run.status).toBe('succeeded');
    expect(run.steps[0].output).toMatchObject({ to: 'ada@example.com', transport: 'outbox', mail_id: `${run.id}:0` });
    const outbox = await as(ctx.employee).get('/workflows/mail-outbox');
    expect(outbox.status).toBe(200);
    const mail = (outbox.body as Array<Record<string, unknown>>).find((m) => m.run_id === run.id);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Welcome Ada', body: 'Hello Ada, welcome aboard.' });
    expect(existsSync(String(mail!.file))).toBe(true);
    expect(readFileSync(String(mail!.file), 'utf8')).toContain('Subject: Welcome Ada');
  });

  it('takes over a run whose replica died mid-step once its claim expires, and does not apply the step again', async () => {
    const title = `Crash ${Date.now()}`;
    const w = await workflow({ steps: [{ action: 'create_task', params: { title } }] });
    const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
    try {
      let runId = '';
      let taskId = '';
      await ctx.restart(async () => {
        // While the service is down: a run a dead replica claimed, which had created its task (under the
        // step's key) and died before recording the step.
        const now = new Date();
        const run = new mongoose.Types.ObjectId();
        runId = run.toHexString();
        const task = await conn.collection('tasks').insertOne({
          title,
          description: '',
          priority: 'medium',
          priority_rank: 2,
          status: 'pending',
          assigned_to: '',
          assignee_id: null,
          created_by: w.created_by,
          due_date: null,
          due_sort: new Date('9999-12-31T00:00:00.000Z'),
          tags: ['workflow'],
          overdue_at: null,
          completed_at: null,
          deleted_at: null,
          live: true,
          rev: 0,
          outbox: [],
          idempotency_key: `${runId}:0`,
          created_at: now,
          updated_at: now,
        });
        taskId = task.insertedId.toHexString();
        await conn.collection('workflow_runs').insertOne({
          _id: run,
          workflow_id: w.id,
          workflow_name: w.name,
          status: 'running',
          trigger: { type: 'manual' },
          input: {},
          plan: w.steps,
          retries: 3,
          acting_as: w.created_by,
          steps: [
            {
              index: 0,
              action: 'create_task',
              status: 'running',
              attempts: 1,
              input: { title },
              output: null,
              error: null,
              started_at: now,
              ended_at: null,
            },
          ],
          current_step: 0,
          next_at: null,
          wake_at: new Date(Date.now() + 1500),
          claim_owner: 'dead-replica',
          open: true,
          counted: false,
          error: null,
          started_at: now,
          ended_at: null,
          rev: 3,
          outbox: [],
          created_at: now,
          updated_at: now,
        });
      });
      const run = await runUntil(runId, finished);
      expect(run.status).toBe('succeeded');
      expect(run.steps[0]).toMatchObject({ status: 'succeeded', attempts: 2, output: { task_id: taskId } });
      expect(await tasksTitled(title)).toHaveLength(1);
    } finally {
      await conn.close();
    }
  });
});
