import type { OutboxRelay } from '@sixa/kafka';
import { connectMongo, type OutboxSink } from '@sixa/mongo';
import { infra, uniqueDbName } from '@sixa/testing';
import { Types, type Connection } from 'mongoose';
import type { WorkflowRunDoc } from '../src/workflows/workflow-run.schema';
import { WorkflowRunsRepository } from '../src/workflows/workflow-runs.repository';

/** Writes only: what a relay would publish does not matter here. */
const sink: OutboxSink = { register() {}, async kick() {}, async written() {} };

/**
 * Claiming runs the replica knows as it wrote them (their wait just ended), on the real store:
 * without a look for them, and never a run that is not due or that someone else changed or holds.
 */
describe('WorkflowRunsRepository.claimKnown', () => {
  let connection: Connection;
  let runs: WorkflowRunsRepository;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('claims') });
    runs = new WorkflowRunsRepository(connection, sink as unknown as OutboxRelay);
    await runs.onModuleInit();
  });
  afterAll(() => connection.close());

  const raw = () => connection.collection<WorkflowRunDoc>('workflow_runs');

  /** A run taken in and waiting, handed back to be due at `wakeAt`, as stored. */
  async function waitingRun(wakeAt: Date): Promise<WorkflowRunDoc> {
    const now = new Date();
    const doc = {
      _id: new Types.ObjectId(),
      workflow_id: 'w',
      workflow_name: 'Claims',
      status: 'waiting',
      trigger: { type: 'manual' },
      input: {},
      plan: [{ action: 'wait', description: '', delay: 0, params: { seconds: 1 } }],
      retries: 0,
      acting_as: 'u',
      steps: [],
      current_step: 0,
      next_at: wakeAt,
      wake_at: wakeAt,
      claim_owner: null,
      admitted_at: now,
      open: true,
      counted: false,
      error: null,
      started_at: now,
      ended_at: null,
      rev: 4,
      outbox: [],
      created_at: now,
      updated_at: now,
    } as unknown as WorkflowRunDoc;
    await raw().insertOne(doc);
    return doc;
  }

  /** The first move: records the step it saw, so a test can tell which state it was computed from. */
  const seen: Array<{ id: string; rev: number; status: string }> = [];
  const move = (doc: WorkflowRunDoc) => {
    seen.push({ id: String(doc._id), rev: doc.rev ?? 0, status: doc.status });
    return { set: { current_step: doc.current_step + 1, status: 'running' as const } };
  };

  beforeEach(() => {
    seen.length = 0;
  });

  it('claims a due run with its first move, computed from the run as known', async () => {
    const run = await waitingRun(new Date(Date.now() - 10));
    const [claimed, ...others] = await runs.claimKnown([run], 'replica-a', 30_000, move);
    expect(others).toHaveLength(0);
    expect(claimed).toMatchObject({ claim_owner: 'replica-a', current_step: 1, status: 'running', rev: 5 });
    expect(claimed.wake_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(seen).toEqual([{ id: String(run._id), rev: 4, status: 'waiting' }]);
    expect(await raw().findOne({ _id: run._id })).toMatchObject({ claim_owner: 'replica-a', current_step: 1, rev: 5 });
  });

  it('reads a run changed since it was known, and claims it if it is still due', async () => {
    const run = await waitingRun(new Date(Date.now() - 10));
    await raw().updateOne({ _id: run._id }, { $set: { workflow_name: 'Renamed', rev: 5 } });
    const claimed = await runs.claimKnown([run], 'replica-a', 30_000, move);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ workflow_name: 'Renamed', claim_owner: 'replica-a', rev: 6 });
    // Computed first from the run as known (its write missed), then from the run as read.
    expect(seen.map((s) => s.rev)).toEqual([4, 5]);
  });

  it('leaves a run another replica claimed meanwhile, and one not due yet', async () => {
    const taken = await waitingRun(new Date(Date.now() - 10));
    const [theirs] = await runs.claimKnown([taken], 'replica-b', 30_000, move);
    expect(theirs.claim_owner).toBe('replica-b');
    const later = await waitingRun(new Date(Date.now() + 60_000));

    expect(await runs.claimKnown([taken, later], 'replica-a', 30_000, move)).toEqual([]);
    expect(await raw().findOne({ _id: taken._id })).toMatchObject({
      claim_owner: 'replica-b',
      current_step: 1,
      rev: 5,
    });
    expect(await raw().findOne({ _id: later._id })).toMatchObject({ claim_owner: null, current_step: 0, rev: 4 });
  });
});
