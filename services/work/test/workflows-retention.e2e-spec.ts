import type { Workflow, WorkflowRun } from '@sixa/contracts';
import { http, infra, sleep, uniqueDbName } from '@sixa/testing';
import mongoose, { type Connection, Types } from 'mongoose';
import { WorkflowRetention } from '../src/workflows/workflow-retention';
import { WorkflowRunsRepository } from '../src/workflows/workflow-runs.repository';
import { newWorkflow, startWork, type WorkContext } from './factories';

const DAY = 86_400_000;

/** Old-run cleanup: finished runs past WORKFLOW_RUN_RETENTION_DAYS go, in batches; the workflow's counters stay. */
describe(WorkflowRetention.name, () => {
  let ctx: WorkContext;
  let db: Connection;

  beforeAll(async () => {
    ctx = await startWork({ workflowRunRetentionDays: 30 });
    db = await mongoose.createConnection(infra().mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
  });
  afterAll(async () => {
    await db?.close();
    await ctx?.stop();
  });

  const get = (path: string) => http(ctx.api, 'GET', path, { token: ctx.employee });
  const post = (path: string, body?: unknown) => http(ctx.api, 'POST', path, { token: ctx.employee, body });

  /** A stored run as the engine leaves it, ended `daysAgo` days ago (or still open). */
  function storedRun(workflowId: string, daysAgo: number, overrides: Record<string, unknown> = {}) {
    const ended = new Date(Date.now() - daysAgo * DAY);
    return {
      _id: new Types.ObjectId(),
      workflow_id: workflowId,
      workflow_name: 'old',
      status: 'succeeded',
      trigger: { type: 'manual', actor: 'someone' },
      input: {},
      plan: [],
      retries: 0,
      acting_as: 'someone',
      steps: [],
      current_step: 0,
      next_at: null,
      wake_at: ended,
      claim_owner: null,
      open: false,
      counted: true,
      error: null,
      started_at: new Date(ended.getTime() - 1000),
      ended_at: ended,
      created_at: ended,
      updated_at: ended,
      rev: 3,
      outbox: [],
      ...overrides,
    };
  }

  it('deletes finished runs older than the retention in batches, keeps the rest, and the counters stay', async () => {
    const created = await post('/workflows', newWorkflow({ name: 'Kept counters' }));
    expect(created.status).toBe(201);
    const w: Workflow = created.body;
    const started = await post(`/workflows/${w.id}/execute`, {});
    expect(started.status).toBe(202);
    const runId = (started.body as WorkflowRun).id;
    for (let end = Date.now() + 20_000; ; await sleep(100)) {
      const now = (await get(`/workflows/${w.id}`)).body as Workflow;
      if (now.executions === 1) break;
      if (Date.now() > end) throw new Error(`the run was not counted: ${JSON.stringify(now)}`);
    }
    const runs = db.collection('workflow_runs');
    // The real run ended 31 days ago; more old runs than one batch; and runs that must stay. Written
    // once the relay is done with the run's events: on the local default engine (not atomic) this
    // other connection's write and the relay's removal of the sent events could lose one another.
    const _id = new Types.ObjectId(runId);
    for (let end = Date.now() + 20_000; ((await runs.findOne({ _id }))?.outbox ?? []).length > 0; await sleep(50))
      if (Date.now() > end) throw new Error('the run kept unsent events');
    await runs.updateOne({ _id }, { $set: { ended_at: new Date(Date.now() - 31 * DAY) } });
    expect((await runs.findOne({ _id }))?.ended_at.getTime()).toBeLessThan(Date.now() - 30 * DAY);
    const old = Array.from({ length: 1_100 }, (_, i) => storedRun(w.id, 31 + (i % 300)));
    await runs.insertMany(old);
    const keep = {
      recent: storedRun(w.id, 29),
      // Waiting far ahead: not due, so the engine leaves it alone while the test looks.
      open: storedRun(w.id, 90, {
        open: true,
        status: 'waiting',
        ended_at: null,
        wake_at: new Date(Date.now() + 365 * DAY),
      }),
      failedRecent: storedRun(w.id, 1, { status: 'failed' }),
    };
    await runs.insertMany(Object.values(keep));

    const retention = ctx.app.get(WorkflowRetention);
    expect(await retention.sweep()).toBe(1_101);
    const left = await runs.find({ workflow_id: w.id }, { projection: { _id: 1 } }).toArray();
    expect(left.map((d) => String(d._id)).sort()).toEqual(
      Object.values(keep)
        .map((d) => String(d._id))
        .sort(),
    );
    expect((await get(`/workflows/runs/${runId}`)).status).toBe(404);
    // A second turn finds nothing more to do.
    expect(await retention.sweep()).toBe(0);

    const after = (await get(`/workflows/${w.id}`)).body as Workflow;
    expect(after).toMatchObject({ executions: 1, success_rate: 100 });
  });

  it('keeps runs younger than a longer retention', async () => {
    const w = (await post('/workflows', newWorkflow({ name: 'Young runs' }))).body as Workflow;
    const runs = db.collection('workflow_runs');
    await runs.insertMany([storedRun(w.id, 31), storedRun(w.id, 45)]);
    const retention = ctx.app.get(WorkflowRetention);
    // As if WORKFLOW_RUN_RETENTION_DAYS were 60: "now" is 30 days earlier.
    expect(await retention.sweep(new Date(Date.now() - 30 * DAY))).toBe(0);
    expect(await retention.sweep()).toBe(2);
  });

  it('leaves old runs not yet in their counters or whose events are not out yet', async () => {
    // The repository alone on a database of its own: no engine counting runs or relay publishing meanwhile.
    const own = await mongoose
      .createConnection(infra().mongoUrl, { dbName: uniqueDbName('work-retention') })
      .asPromise();
    try {
      const repo = new WorkflowRunsRepository(own, { register: () => undefined, kick: async () => undefined } as never);
      await repo.onModuleInit();
      const wid = new Types.ObjectId().toHexString();
      const uncounted = storedRun(wid, 90, { counted: false });
      const unpublished = storedRun(wid, 90, {
        outbox: [{ id: 'e1', topic: 'work.events.v1', key: 'k', value: '{}' }],
      });
      const gone = storedRun(wid, 90);
      await own.collection('workflow_runs').insertMany([uncounted, unpublished, gone]);
      expect(await repo.deleteFinishedBefore(new Date(Date.now() - 30 * DAY), 10)).toBe(1);
      const left = await own
        .collection('workflow_runs')
        .find({}, { projection: { _id: 1 } })
        .toArray();
      expect(left.map((d) => String(d._id)).sort()).toEqual([uncounted._id, unpublished._id].map(String).sort());
    } finally {
      await own.dropDatabase().catch(() => undefined);
      await own.close();
    }
  });
});
