import { Injectable } from '@nestjs/common';
import type { WorkflowRun } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  InjectConnection,
  isObjectId,
  type Change,
  type ChangeResult,
  type Page,
  type PageQuery,
} from '@sixa/mongo';
import { Types, type Connection } from 'mongoose';
import { WorkflowRunSchema, type WorkflowRunDoc } from './workflow-run.schema';

const INTERNAL = [
  'plan',
  'retries',
  'acting_as',
  'wake_at',
  'claim_owner',
  'awaiting',
  'open',
  'counted',
  'dedupe_key',
  'depth',
  'caused_by_run',
  'rev',
];

/** A run taken in and due within this counts as active (see `activeCount`). */
const ACTIVE_HORIZON_MS = 5_000;
/**
 * A run taken in (`admitted_at` set), as a range the index { open, admitted_at, wake_at } serves: the
 * looks for runs to go on with and the count of active runs read only the runs taken in, however many
 * wait in the queue (`{ $ne: null }` would scan the queue too, on every look).
 */
const TAKEN_IN = { $gt: new Date(0) };

/** What the engine does with a run it holds next (null: nothing to write). */
export type RunMove = (held: WorkflowRunDoc) => Change<WorkflowRunDoc, WorkflowRun> | null;

/** A workflow step's idempotency key: `runId:stepIndex`. */
const STEP_KEY = /^([0-9a-f]{24}):\d+$/;

/** The run a step key names, or null when `key` is not a step key. */
export function runOfStepKey(key: unknown): string | null {
  return typeof key === 'string' ? (STEP_KEY.exec(key)?.[1] ?? null) : null;
}

/** Workflow runs: claimed, advanced and finished with conditional single-document updates. */
@Injectable()
export class WorkflowRunsRepository extends BaseRepository<WorkflowRunDoc, WorkflowRun> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<WorkflowRunDoc>('WorkflowRun', WorkflowRunSchema), { outbox: relay, omit: INTERNAL });
  }

  /** A run's depth in a chain of runs (0 when it is gone: runs past retention are deleted). */
  async depthOf(runId: string): Promise<number> {
    if (!isObjectId(runId)) return 0;
    const doc = await this.model.findById(runId, { depth: 1 }).lean();
    return doc?.depth ?? 0;
  }

  /**
   * The step key a workflow step left on what it made in this service (`idempotency_key` on tasks
   * and calendar events), or null: the way back from an event about that record to the run.
   */
  async stepKeyOn(collection: 'tasks' | 'calendar_events', id: string): Promise<string | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.db
      .collection(collection)
      .findOne({ _id: new Types.ObjectId(id) }, { projection: { idempotency_key: 1 } });
    return typeof doc?.idempotency_key === 'string' ? doc.idempotency_key : null;
  }

  async findByDedupeKey(key: string): Promise<WorkflowRun | null> {
    const doc = await this.model.findOne({ dedupe_key: key }).lean();
    return doc ? this.map(doc) : null;
  }

  listOf(workflowId: string, q: PageQuery): Promise<Page<WorkflowRun>> {
    return this.page({ workflow_id: workflowId }, { field: 'created_at', direction: -1 }, q);
  }

  /**
   * Claims up to `limit` open runs that are due (a wait ended, an answer came, a claim expired),
   * earliest first, runs already taken in before queued ones: a queued run (`admitted_at` null) is
   * taken in only while fewer than `maxActive` runs are active (see `activeCount`), so a burst of
   * starts waits in the queue instead of slowing every run already going, and a wait that ends is
   * picked up when it ends. Taking a queued run in sets its `admitted_at`. `first` (the engine's next
   * move, computed from the run as claimed) is written with the claim, in the same update.
   */
  async claimDue(
    owner: string,
    claimMs: number,
    limit: number,
    maxActive: number,
    first: RunMove,
    now = new Date(),
  ): Promise<{ runs: WorkflowRunDoc[]; held: boolean }> {
    const due = { open: true, wake_at: { $lte: now } };
    const queued = { ...due, admitted_at: null };
    const resumed = await this.claimEach({ ...due, admitted_at: TAKEN_IN }, owner, claimMs, limit, first);
    const want = limit - resumed.length;
    if (want <= 0) return { runs: resumed, held: false };
    const room = Math.min(want, maxActive - (await this.activeCount(now)));
    // The active runs' limit keeps queued runs waiting (the replica had room for more).
    if (room <= 0) return { runs: resumed, held: (await this.model.exists(queued)) !== null };
    const admitted = await this.claimEach(queued, owner, claimMs, room, first, { admitted_at: new Date() });
    return { runs: [...resumed, ...admitted], held: room < want && admitted.length === room };
  }

  /** Whether at least `n` runs wait in the queue (started, not taken in), counting no further. */
  async queuedAtLeast(n: number): Promise<boolean> {
    return (await this.model.countDocuments({ open: true, admitted_at: null }, { limit: n })) >= n;
  }

  /**
   * Runs taken in and not finished that are busy now or soon: claimed (a step going), awaiting
   * another service's answer, or due within ACTIVE_HORIZON_MS (a short wait, a back-off). A run
   * waiting longer does not hold a place.
   */
  activeCount(now = new Date()): Promise<number> {
    return this.model.countDocuments({
      open: true,
      admitted_at: TAKEN_IN,
      $or: [
        { claim_owner: { $ne: null } },
        { awaiting: { $ne: null } },
        { wake_at: { $lte: new Date(now.getTime() + ACTIVE_HORIZON_MS) } },
      ],
    });
  }

  /**
   * Reads up to `limit` runs matching `filter`, earliest due first, then claims each with a
   * conditional update on its id and the revision read, which only one replica can win, all at once
   * (one round trip for the batch, not one per run); the claim carries the run's first move. A run
   * changed since the read is read again and claimed if still due (else another replica has it).
   * Not a `findOneAndUpdate` with a sort per claim: run side by side those deadlock on DocumentDB,
   * and a failed claim in a batch must not lose the runs the others took (they would wait for their
   * claim to expire), so each claim stands alone. The runs as claimed (and moved on).
   */
  private async claimEach(
    filter: Record<string, unknown>,
    owner: string,
    claimMs: number,
    limit: number,
    first: RunMove,
    extra: Partial<WorkflowRunDoc> = {},
  ): Promise<WorkflowRunDoc[]> {
    const candidates = (await this.model.find(filter).sort({ wake_at: 1 }).limit(limit).lean()) as WorkflowRunDoc[];
    return this.claimAll(candidates, filter, owner, claimMs, first, extra);
  }

  /**
   * Claims runs this replica knows as it last wrote them (`known`: handed back to wait, their wait
   * over now), without looking for them: each claim is guarded by the revision known, with the run's
   * first move. A run changed since is read and claimed if still due; one claimed by another replica,
   * or no longer due, is left. The runs as claimed (and moved on).
   */
  claimKnown(known: WorkflowRunDoc[], owner: string, claimMs: number, first: RunMove): Promise<WorkflowRunDoc[]> {
    const due = { open: true, wake_at: { $lte: new Date() }, admitted_at: TAKEN_IN };
    return this.claimAll(known, due, owner, claimMs, first);
  }

  /** Claims each of `candidates` still matching `filter` (see `claimEach`), side by side. */
  private async claimAll(
    candidates: WorkflowRunDoc[],
    filter: Record<string, unknown>,
    owner: string,
    claimMs: number,
    first: RunMove,
    extra: Partial<WorkflowRunDoc> = {},
  ): Promise<WorkflowRunDoc[]> {
    const taken = await Promise.allSettled(
      candidates.map((candidate) =>
        this.changeRun(
          String(candidate._id),
          filter,
          (doc) => {
            const claim: Partial<WorkflowRunDoc> = {
              claim_owner: owner,
              wake_at: new Date(Date.now() + claimMs),
              ...extra,
            };
            let move: Change<WorkflowRunDoc, WorkflowRun> | null = null;
            try {
              move = first({ ...doc, ...claim } as WorkflowRunDoc);
            } catch {
              // Claimed without it: the engine makes the move again on its own, and reports what fails.
            }
            return { ...move, set: { ...claim, ...move?.set } };
          },
          1,
          candidate,
        ),
      ),
    );
    return taken.flatMap((t) => (t.status === 'fulfilled' && t.value.status === 'changed' ? [t.value.doc] : []));
  }

  /** When the earliest open run is due (a wait's end, a back-off's, a claim's expiry); null without open runs. */
  async nextWakeAt(): Promise<Date | null> {
    const doc = await this.model.findOne({ open: true }, { wake_at: 1 }).sort({ wake_at: 1 }).lean();
    return doc?.wake_at ?? null;
  }

  /** Extends this replica's claim while it works on a step; false when the claim is no longer its own. */
  async renewClaim(id: string, owner: string, claimMs: number): Promise<boolean> {
    const doc = await this.store.write(this.collectionName, id, () =>
      this.model
        .findOneAndUpdate(
          { _id: id, open: true, claim_owner: owner },
          { $set: { wake_at: new Date(Date.now() + claimMs) } },
          { returnDocument: 'after', timestamps: false },
        )
        .lean(),
    );
    return doc !== null;
  }

  /**
   * Told when a change hands a run back to wait until a time (a delay, a wait, a retry's back-off, a
   * command's time-out), with the run as written: the wake timer arms itself for it, so the run goes
   * on when its wait ends rather than at the next sweep.
   */
  onWait: (wakeAt: Date, run: WorkflowRunDoc) => void = () => undefined;

  /**
   * A change to a run this replica holds (the claim is part of the filter: a lost claim changes
   * nothing). `held`: the run as this replica last wrote or claimed it, computed from without a read
   * (no one else changes a held run's revision; if someone did, the write misses and it is read).
   */
  changeHeld(
    id: string,
    owner: string,
    compute: (current: WorkflowRunDoc) => Change<WorkflowRunDoc, WorkflowRun> | null,
    held?: WorkflowRunDoc,
  ): Promise<ChangeResult<WorkflowRun, WorkflowRunDoc>> {
    return this.changeRun(id, { claim_owner: owner }, compute, 5, held);
  }

  /**
   * A change to a run waiting for the answer `correlationId` (see WorkflowRunDoc.awaiting), held or not:
   * an answer that comes late (the attempt timed out, or it was answered already) changes nothing.
   * `known`: the run as this replica wrote it when it began to wait, computed from without a read
   * (the write is guarded by its revision: a run changed since is read).
   */
  changeAwaiting(
    id: string,
    correlationId: string,
    compute: (current: WorkflowRunDoc) => Change<WorkflowRunDoc, WorkflowRun> | null,
    known?: WorkflowRunDoc,
  ): Promise<ChangeResult<WorkflowRun, WorkflowRunDoc>> {
    return this.changeRun(id, { 'awaiting.correlation_id': correlationId }, compute, 25, known);
  }

  /** A change to an open run matching `filter`; `onWait` is told when it hands the run back to wait. */
  private async changeRun(
    id: string,
    filter: Record<string, unknown>,
    compute: (current: WorkflowRunDoc) => Change<WorkflowRunDoc, WorkflowRun> | null,
    attempts: number,
    current?: WorkflowRunDoc,
  ): Promise<ChangeResult<WorkflowRun, WorkflowRunDoc>> {
    if (!isObjectId(id)) return { status: 'missing' };
    let waitUntil: Date | null = null;
    const result = await this.change(
      { _id: id, open: true, ...filter },
      (doc) => {
        const c = compute(doc);
        const set = c?.set;
        waitUntil = set && set.claim_owner === null && set.open !== false && set.wake_at ? set.wake_at : null;
        return c;
      },
      { attempts, current },
    );
    if (result.status === 'changed' && waitUntil) this.onWait(waitUntil, result.doc);
    return result;
  }

  /** Finished runs, ended before `endedBefore`, whose workflow counters may not include them yet. */
  async uncounted(endedBefore: Date, limit = 100): Promise<WorkflowRunDoc[]> {
    return (await this.model
      .find({ counted: false, open: false, ended_at: { $lt: endedBefore } }, { workflow_id: 1, status: 1, ended_at: 1 })
      .limit(limit)
      .lean()) as WorkflowRunDoc[];
  }

  /**
   * Deletes up to `limit` finished runs that ended before `cutoff`, oldest first; only runs already in
   * their workflow's counters and whose events are out (an empty outbox). Returns how many went.
   */
  async deleteFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const gone = { open: false, ended_at: { $lt: cutoff }, counted: true, 'outbox.0': { $exists: false } };
    const ids = (await this.model.find(gone, { _id: 1 }).sort({ ended_at: 1 }).limit(limit).lean()).map((d) => d._id);
    if (!ids.length) return 0;
    const result = await this.store.writeAll(this.collectionName, ids, () =>
      this.model.deleteMany({ _id: { $in: ids }, ...gone }),
    );
    return result.deletedCount ?? 0;
  }

  async markCounted(id: string): Promise<void> {
    await this.store.write(this.collectionName, id, () =>
      this.model.updateOne({ _id: id, counted: false }, { $set: { counted: true } }, { timestamps: false }),
    );
  }
}
