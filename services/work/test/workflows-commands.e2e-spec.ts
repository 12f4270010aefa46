import {
  TOPICS,
  type CalendarEvent,
  type EventEnvelope,
  type Lead,
  type Task,
  type Workflow,
  type WorkflowRun,
} from '@sixa/contracts';
import {
  apiAs,
  consumerGroupsStable,
  EventRecorder,
  freePort,
  infra,
  realEngine,
  sleep,
  uniqueDbName,
} from '@sixa/testing';
import mongoose from 'mongoose';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { newLead, startCrm } from '../../crm/test/factories';
import { newWorkflow, startGatewayFor } from './factories';

/*
 * Workflow steps that another service carries out (set_lead_status: crm, by a command event and its
 * answer) and create_calendar_event, through the gateway on the real store and Kafka, with crm
 * running and the work service as a process of its own (started from its sources), so that a test
 * can SIGKILL it mid-run and start it again on the same database.
 */

const ROOT = join(__dirname, '..', '..', '..');
/**
 * Shorter than the default 30 s, so that the time-out test is quick, yet long enough for crm's answer
 * on a busy machine (an answer after it only costs a retry, which the tests would see as a failure).
 */
const COMMAND_TIMEOUT_MS = 15_000;

interface WorkProcess {
  child: ChildProcess;
  output: string[];
}

/** `node services/work/src/main.ts` (through libs/testing/run-ts.js), listening on `env.PORT`. */
async function spawnWork(env: Record<string, string>): Promise<WorkProcess> {
  const child = spawn(
    process.execPath,
    ['-r', join(ROOT, 'libs/testing/run-ts.js'), join(ROOT, 'services/work/src/main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`work did not start within 60 s:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 500) output.splice(0, output.length - 500);
      if (/work service listening on /.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`work exited (${code ?? signal}) before listening:\n${output.join('')}`));
    });
  });
  return { child, output };
}

async function stopWork(w: WorkProcess, signal: NodeJS.Signals): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => w.child.once('exit', () => r()));
  w.child.kill(signal);
  const timer = setTimeout(() => w.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

describe('workflow steps carried out by crm, and calendar events, with work as a process', () => {
  let crm: Awaited<ReturnType<typeof startCrm>>;
  let crmUp = true;
  let work: WorkProcess;
  let workEnv: Record<string, string>;
  let gateway: Awaited<ReturnType<typeof startGatewayFor>>;
  let crmEvents: EventRecorder;
  let commands: EventRecorder;
  let token: string;
  const dbName = uniqueDbName('work');

  beforeAll(async () => {
    crm = await startCrm();
    token = crm.employee;
    const port = await freePort();
    workEnv = {
      PORT: String(port),
      MONGO_URL: infra().mongoUrl,
      MONGO_DB: dbName,
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      JWKS_URL: `${crm.auth.url}/auth/.well-known/jwks.json`,
      WORK_TIMER_SWEEP_MS: '250',
      WORKFLOW_RETRY_BASE_MS: '200',
      WORKFLOW_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    };
    work = await spawnWork(workEnv);
    gateway = await startGatewayFor({ auth: crm.auth.url, crm: crm.url, work: `http://127.0.0.1:${port}` });
    crmEvents = await new EventRecorder(TOPICS.crm, (e) => e.type.startsWith('lead.')).start();
    commands = await new EventRecorder(TOPICS.work, (e) => e.type === 'lead.status_change_requested').start();
    // Event triggers, answers and commands are read by groups that start from now on: wait until each has joined.
    await consumerGroupsStable([
      `${dbName}-workflow-triggers`,
      `${dbName}-workflow-answers`,
      `${crm.config.mongoDb}-lead-commands`,
    ]);
  }, 120_000);

  afterAll(async () => {
    if (work) await stopWork(work, 'SIGTERM');
    await gateway?.app.close();
    await crmEvents?.stop();
    await commands?.stop();
    if (crmUp) await crm?.app.close();
    await crm?.auth.app.close();
  });

  const api = () => apiAs(gateway.api, token);

  async function workflow(overrides: Record<string, unknown>): Promise<Workflow> {
    const res = await api().post('/workflows', newWorkflow(overrides));
    expect(res.status).toBe(201);
    return res.body;
  }

  async function createLead(overrides: Record<string, unknown>): Promise<Lead> {
    const res = await api().post('/leads', newLead(overrides));
    expect(res.status).toBe(201);
    return res.body;
  }

  const finished = (r: WorkflowRun) => r.status === 'succeeded' || r.status === 'failed';

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read().catch(() => undefined);
      if (v !== undefined && ok(v)) return v;
      if (Date.now() > end)
        throw new Error(`timed out; last: ${JSON.stringify(v)}\nwork said:\n${work.output.join('').slice(-5000)}`);
      await sleep(150);
    }
  }

  /** The run once finished. */
  const finish = async (started: Promise<WorkflowRun>): Promise<WorkflowRun> => {
    const { id } = await started;
    return until(() => runById(id), finished);
  };
  const runsOf = async (id: string): Promise<WorkflowRun[]> => {
    const res = await api().get(`/workflows/${id}/runs`);
    if (res.status !== 200) throw new Error(`runs: ${res.status}`);
    return res.body;
  };
  const runById = async (id: string): Promise<WorkflowRun> => {
    const res = await api().get(`/workflows/runs/${id}`);
    if (res.status !== 200) throw new Error(`run: ${res.status}`);
    return res.body;
  };
  const execute = async (id: string, input: Record<string, unknown>): Promise<WorkflowRun> => {
    const res = await api().post(`/workflows/${id}/execute`, { input });
    expect(res.status).toBe(202);
    return res.body;
  };
  const tasksTitled = async (title: string): Promise<Task[]> =>
    ((await api().get(`/tasks?q=${encodeURIComponent(title)}`)).body as Task[]).filter((t) => t.title === title);
  const statusChangesOf = (leadId: string) =>
    crmEvents.events.filter(
      (e): e is EventEnvelope<'lead.status_changed'> => e.type === 'lead.status_changed' && e.data.lead_id === leadId,
    );

  /** The demo workflow, for leads of one company (each test its own). */
  const referralFollowUp = (company: string, waitSeconds: number) => ({
    name: `Referral follow-up ${company}`,
    trigger: {
      type: 'event',
      event_type: 'lead.created',
      conditions: [
        { field: 'lead.source', op: 'eq', value: 'Referral' },
        { field: 'lead.company', op: 'eq', value: company },
      ],
    },
    steps: [
      { action: 'create_task', description: 'Call the lead', params: { title: 'Call {{lead.name}}' } },
      { action: 'wait', description: 'Give it a moment', params: { seconds: waitSeconds } },
      {
        action: 'set_lead_status',
        description: 'Mark as contacted',
        params: { lead_id: '{{lead.id}}', status: 'contacted' },
      },
    ],
  });

  it('when a Referral lead is created: task "Call {{name}}", wait 2 s, the lead set to contacted by crm; every step recorded', async () => {
    const company = `Referrers ${Date.now()}`;
    const w = await workflow(referralFollowUp(company, 2));
    const name = `Ada Referral ${Date.now()}`;
    const lead = await createLead({ name, company, source: 'Referral' });

    const [run] = await until(
      () => runsOf(w.id),
      (r) => r.length > 0 && finished(r[0]),
    );
    expect([run.status, run.error]).toEqual(['succeeded', null]);
    expect(run.trigger).toMatchObject({ type: 'event', event_type: 'lead.created' });
    expect(run.steps.map((s) => [s.action, s.status])).toEqual([
      ['create_task', 'succeeded'],
      ['wait', 'succeeded'],
      ['set_lead_status', 'succeeded'],
    ]);
    expect(run.steps[0].input).toEqual({ title: `Call ${name}` });
    expect(run.steps[2].input).toEqual({ lead_id: lead.id, status: 'contacted' });
    expect(run.steps[2].output).toMatchObject({ lead_id: lead.id, from: 'new', status: 'contacted', changed: true });
    expect(Date.parse(run.steps[2].started_at!) - Date.parse(run.steps[0].ended_at!)).toBeGreaterThanOrEqual(2000);

    expect(await tasksTitled(`Call ${name}`)).toHaveLength(1);
    expect((await api().get(`/leads/${lead.id}`)).body).toMatchObject({ status: 'contacted' });
    const change = await crmEvents.waitFor((e) => e.type === 'lead.status_changed' && e.subject === lead.id);
    expect(change.data).toMatchObject({ from: 'new', to: 'contacted', correlation_id: `${run.id}:2` });
    await sleep(500);
    expect(statusChangesOf(lead.id)).toHaveLength(1);
  });

  it('SIGKILL during the wait, then a restart: the run completes once (one task, one status change)', async () => {
    const company = `Killed ${Date.now()}`;
    const w = await workflow(referralFollowUp(company, 3));
    const name = `Bo Killed ${Date.now()}`;
    const lead = await createLead({ name, company, source: 'Referral' });

    const [waiting] = await until(
      () => runsOf(w.id),
      (r) => r.length > 0 && r[0].steps[1].status === 'waiting',
    );
    expect(waiting.steps[0].status).toBe('succeeded');
    await stopWork(work, 'SIGKILL');
    expect(work.child.signalCode).toBe('SIGKILL');
    work = await spawnWork(workEnv);

    const run = await until(() => runById(waiting.id), finished, 60_000);
    expect([run.status, run.error]).toEqual(['succeeded', null]);
    expect(run.steps.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(run.steps[0].attempts).toBe(1);
    expect(await tasksTitled(`Call ${name}`)).toHaveLength(1);
    expect((await api().get(`/leads/${lead.id}`)).body).toMatchObject({ status: 'contacted' });
    await crmEvents.waitFor((e) => e.type === 'lead.status_changed' && e.subject === lead.id);
    await sleep(1000);
    expect(statusChangesOf(lead.id)).toHaveLength(1);
    expect(statusChangesOf(lead.id)[0].data.correlation_id).toBe(`${run.id}:2`);
    // Every command sent for the step (one, or a re-send after a time-out) bears the step's key.
    const sent = commands.events.filter((e) => e.type === 'lead.status_change_requested' && e.subject === lead.id);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map((e) => (e as EventEnvelope<'lead.status_change_requested'>).data.correlation_id))).toEqual(
      new Set([`${run.id}:2`]),
    );
    expect((await runsOf(w.id)).length).toBe(1);
  }, 120_000);

  it('a lead already in the status is confirmed without a change; the lead found by e-mail', async () => {
    const lead = await createLead({ source: 'Website' });
    const w = await workflow({
      steps: [{ action: 'set_lead_status', params: { lead_id: '{{email}}', status: 'new' } }],
    });
    const run = await finish(execute(w.id, { email: lead.email.toUpperCase() }));
    expect([run.status, run.error]).toEqual(['succeeded', null]);
    expect(run.steps[0].output).toMatchObject({ lead_id: lead.id, status: 'new', changed: false });
    await crmEvents.waitFor((e) => e.type === 'lead.status_change_confirmed' && e.subject === lead.id);
    expect(statusChangesOf(lead.id)).toHaveLength(0);
  });

  it("a lead crm does not know fails the run at once with crm's reason (no retries)", async () => {
    const w = await workflow({
      retries: 3,
      steps: [
        { action: 'set_lead_status', params: { lead_id: '{{id}}', status: 'qualified' } },
        { action: 'create_task', params: { title: 'Never made' } },
      ],
    });
    const run = await finish(execute(w.id, { id: '000000000000000000000000' }));
    expect(run.status).toBe('failed');
    expect(run.steps.map((s) => s.status)).toEqual(['failed', 'skipped']);
    expect(run.steps[0].attempts).toBe(1);
    expect(run.error).toMatch(/step 1 \(set_lead_status\): crm refused: no lead 000000000000000000000000/);
  });

  it('a status that is not one, once filled in, fails the step without sending a command; a bad literal one is a 400', async () => {
    const lead = await createLead({ source: 'Website' });
    const w = await workflow({ steps: [{ action: 'set_lead_status', params: { lead_id: lead.id, status: '{{s}}' } }] });
    const run = await finish(execute(w.id, { s: 'promoted' }));
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/status must be one of: new, contacted, qualified, converted, lost/);
    expect(commands.events.filter((e) => e.subject === lead.id)).toHaveLength(0);

    const bad = await api().post(
      '/workflows',
      newWorkflow({ steps: [{ action: 'set_lead_status', params: { lead_id: lead.id, status: 'called' } }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/step 1 \(set_lead_status\): set_lead_status status must be one of/);
  });

  it('create_calendar_event makes one event, and one only when the step is done again after a crash', async () => {
    const title = `Intro ${Date.now()}`;
    const w = await workflow({
      steps: [
        {
          action: 'create_calendar_event',
          params: { title: '{{title}}', start_in_minutes: 90, duration_minutes: 30, attendees: ['{{email}}'] },
        },
      ],
    });
    const run = await finish(execute(w.id, { title, email: 'Ada@Example.com' }));
    expect([run.status, run.error]).toEqual(['succeeded', null]);
    const eventId = String(run.steps[0].output!.event_id);
    const event = (await api().get(`/calendar/events/${eventId}`)).body as CalendarEvent;
    expect(event).toMatchObject({ title, attendees: ['ada@example.com'] });
    expect(Date.parse(event.end_time) - Date.parse(event.start_time)).toBe(30 * 60_000);

    // A replica made the event and died before recording the step: the run is as it was then, claimed
    // by the dead replica; once the claim expires another takes it over and does the step again.
    const conn = await mongoose.createConnection(infra().mongoUrl, { dbName }).asPromise();
    try {
      const runs = conn.collection('workflow_runs');
      const doc = await runs.findOne({ _id: new mongoose.Types.ObjectId(run.id) });
      await runs.updateOne(
        { _id: new mongoose.Types.ObjectId(run.id) },
        {
          $set: {
            status: 'running',
            open: true,
            counted: false,
            current_step: 0,
            ended_at: null,
            claim_owner: 'dead-replica',
            wake_at: new Date(Date.now() + 500),
            steps: [{ ...doc!.steps[0], status: 'running', output: null, ended_at: null }],
          },
        },
      );
    } finally {
      await conn.close();
    }
    const redone = await until(
      () => runById(run.id),
      (r) => finished(r) && r.steps[0].attempts === 2,
    );
    expect(redone.status).toBe('succeeded');
    expect(redone.steps[0].output).toMatchObject({ event_id: eventId });
    const listed = (await api().get('/calendar/events')).body as CalendarEvent[];
    expect(listed.filter((e) => e.title === title)).toHaveLength(1);
  });

  // Two processes on one store need atomic single-document updates (not the local default's FerretDB v1).
  realEngine.it(
    'two work replicas and three partitions: every run completes once (one task, one status change each)',
    async () => {
      const second = await spawnWork({ ...workEnv, PORT: String(await freePort()) });
      try {
        // Both replicas share the answers' partitions (a replica settles runs the other one started).
        await consumerGroupsStable([`${dbName}-workflow-answers`], 60_000, 2);
        const tag = `r${Date.now()}`;
        const w = await workflow({
          steps: [
            { action: 'create_task', params: { title: `Replica {{n}} ${tag}` } },
            { action: 'set_lead_status', params: { lead_id: '{{lead}}', status: 'qualified' } },
          ],
        });
        const leads: Lead[] = [];
        for (let i = 0; i < 24; i += 8)
          leads.push(...(await Promise.all(Array.from({ length: 8 }, () => createLead({ source: 'Website' })))));
        const started = await Promise.all(leads.map((l, n) => execute(w.id, { n, lead: l.id })));
        const runs = await Promise.all(started.map((r) => until(() => runById(r.id), finished, 90_000)));
        const failed = runs.filter((r) => r.status !== 'succeeded');
        if (failed.length) {
          const lead = String(failed[0].input.lead);
          const diag = {
            failed: failed.length,
            commands: commands.events.filter((e) => e.subject === lead).map((e) => [e.time, e.data]),
            answers: crmEvents.events.filter((e) => e.subject === lead).map((e) => [e.time, e.type, e.data]),
            first: work.output.join('').slice(-4000),
            second: second.output.join('').slice(-4000),
          };
          throw new Error(JSON.stringify(diag, null, 1));
        }
        await sleep(1500);
        for (const [n, lead] of leads.entries()) {
          expect(await tasksTitled(`Replica ${n} ${tag}`)).toHaveLength(1);
          expect(statusChangesOf(lead.id)).toHaveLength(1);
        }
      } finally {
        await stopWork(second, 'SIGTERM');
      }
    },
    180_000,
  );

  it('without an answer from crm the attempt times out, and the run fails once the retries are spent', async () => {
    const lead = await createLead({ source: 'Website' });
    await crm.app.close();
    crmUp = false;
    const w = await workflow({
      retries: 0,
      steps: [{ action: 'set_lead_status', params: { lead_id: lead.id, status: 'lost' } }],
    });
    const started = await execute(w.id, {});
    const waiting = await until(
      () => runById(started.id),
      (r) => r.steps[0].status === 'waiting',
    );
    expect(waiting.status).toBe('waiting');
    const run = await until(() => runById(started.id), finished, COMMAND_TIMEOUT_MS + 20_000);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/no answer to the set_lead_status command within 15 s/);
    expect(Date.parse(run.ended_at!) - Date.parse(run.steps[0].started_at!)).toBeGreaterThanOrEqual(
      COMMAND_TIMEOUT_MS - 100,
    );
  }, 60_000);
});
