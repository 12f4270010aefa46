import { Injectable } from '@nestjs/common';
import type { Workflow, WorkflowStatus } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  APPLIED_EVENTS_KEPT,
  BaseRepository,
  type Change,
  type ChangeOptions,
  type ChangeResult,
  InjectConnection,
  isObjectId,
  type Page,
  type PageQuery,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { WorkflowSchema, type WorkflowDoc } from './workflow.schema';

const LIVE = { live: true };

/** `status` as the spec shows it: paused, else the last finished run's outcome, else active. */
export function statusOf(doc: Pick<WorkflowDoc, 'enabled' | 'last_outcome'>): WorkflowStatus {
  if (!doc.enabled) return 'paused';
  if (doc.last_outcome === 'succeeded') return 'completed';
  if (doc.last_outcome === 'failed') return 'failed';
  return 'active';
}

export const rateOf = (succeeded: number, failed: number): number =>
  succeeded + failed ? Math.round((succeeded / (succeeded + failed)) * 1000) / 10 : 0;

@Injectable()
export class WorkflowsRepository extends BaseRepository<WorkflowDoc, Workflow> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<WorkflowDoc>('Workflow', WorkflowSchema), {
      outbox: relay,
      omit: ['deleted_at', 'live', 'applied_events', 'last_outcome', 'event_type'],
      live: LIVE,
    });
  }

  /** The API's shape, with the figures computed from the run counters. */
  override map(doc: unknown): Workflow {
    const d = doc as WorkflowDoc;
    const base = super.map(doc);
    const succeeded = d.succeeded ?? 0;
    const failed = d.failed ?? 0;
    return {
      ...base,
      succeeded,
      failed,
      executions: succeeded + failed,
      success_rate: rateOf(succeeded, failed),
      status: statusOf(d),
    };
  }

  list(q: PageQuery): Promise<Page<Workflow>> {
    return this.page({ ...LIVE }, { field: 'created_at', direction: -1 }, q);
  }

  override changeById(
    id: string,
    compute: (current: WorkflowDoc) => Change<WorkflowDoc, Workflow> | null,
    opts?: ChangeOptions<WorkflowDoc> & { enabled?: boolean },
  ): Promise<ChangeResult<Workflow, WorkflowDoc>> {
    const where: QueryFilter<WorkflowDoc> = {};
    if (opts?.enabled !== undefined) where.enabled = opts.enabled;
    return super.changeById(id, compute, opts, where);
  }

  /** Counts, and the run counters of every live workflow (few: definitions, not runs). */
  async figures(): Promise<{ total: number; active: number; counters: Array<{ succeeded: number; failed: number }> }> {
    const [total, active, docs] = await Promise.all([
      this.model.countDocuments(LIVE),
      this.model.countDocuments({ ...LIVE, enabled: true }),
      this.model.find(LIVE, { succeeded: 1, failed: 1 }).lean(),
    ]);
    return { total, active, counters: docs.map((d) => ({ succeeded: d.succeeded ?? 0, failed: d.failed ?? 0 })) };
  }

  /**
   * A finished run counted once: one conditional `$inc` that applies only if the run's key is not
   * among the applied ones (no revision bump: an editor's open form does not go stale because a run ended).
   * Deleted workflows are counted too (their history stays right).
   */
  async countRun(workflowId: string, runId: string, outcome: 'succeeded' | 'failed', endedAt: Date): Promise<void> {
    if (!isObjectId(workflowId)) return;
    const key = `run:${runId}`;
    const doc = await this.store.write(this.collectionName, workflowId, () =>
      this.model
        .findOneAndUpdate(
          { _id: workflowId, applied_events: { $ne: key } },
          {
            $inc: { [outcome]: 1 },
            $set: { last_outcome: outcome, last_run_at: endedAt },
            $push: { applied_events: { $each: [key], $slice: -APPLIED_EVENTS_KEPT } },
          },
          { returnDocument: 'after', timestamps: false },
        )
        .lean(),
    );
    if (doc)
      await this.store.trimArray(
        this.model.collection,
        doc._id,
        'applied_events',
        doc.applied_events,
        APPLIED_EVENTS_KEPT,
      );
  }

  /** Every event type some active workflow listens for. */
  async listenedEventTypes(): Promise<Set<string>> {
    const docs = await this.model.find({ ...LIVE, enabled: true, event_type: { $ne: null } }, { event_type: 1 }).lean();
    return new Set(docs.map((d) => d.event_type).filter((t): t is string => !!t));
  }

  /** Active workflows listening for any of these event types (the trigger consumer). */
  async listeningTo(eventTypes: string[]): Promise<WorkflowDoc[]> {
    return (await this.model.find({ ...LIVE, enabled: true, event_type: { $in: eventTypes } }).lean()) as WorkflowDoc[];
  }

  /** Active schedules whose next firing is due. */
  async dueSchedules(now: Date, limit = 100): Promise<WorkflowDoc[]> {
    return (await this.model
      .find({ ...LIVE, enabled: true, next_fire_at: { $lte: now } })
      .sort({ next_fire_at: 1 })
      .limit(limit)
      .lean()) as WorkflowDoc[];
  }

  /** Moves a schedule on from the firing `from` to `to`: once (conditional on `from`), no revision bump. */
  async advanceSchedule(id: string, from: Date, to: Date): Promise<boolean> {
    const doc = await this.store.write(this.collectionName, id, () =>
      this.model
        .findOneAndUpdate(
          { _id: id, next_fire_at: from },
          { $set: { next_fire_at: to } },
          { returnDocument: 'after', timestamps: false },
        )
        .lean(),
    );
    return doc !== null;
  }
}
