import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventEnvelope, WorkflowRun } from '@sixa/contracts';
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
import type { Connection } from 'mongoose';
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
  'rev',
];

/** Workflow runs: claimed, advanced and finished with conditional single-document updates. */
@Injectable()
export class WorkflowRunsRepository extends BaseRepository<WorkflowRunDoc, WorkflowRun> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<WorkflowRunDoc>('WorkflowRun', WorkflowRunSchema), relay, INTERNAL);
  }

  async onModuleInit() {
    await this.init();
  }

  create(data: Partial<WorkflowRunDoc>, events: (run: WorkflowRun) => EventEnvelope[]): Promise<WorkflowRun> {
    return this.insert(data, events);
  }

  async findByDedupeKey(key: string): Promise<WorkflowRun | null> {
    const doc = await this.model.findOne({ dedupe_key: key }).lean();
    return doc ? this.map(doc) : null;
  }

  listOf(workflowId: string, q: PageQuery): Promise<Page<WorkflowRun>> {
    return this.page({ workflow_id: workflowId }, { field: 'created_at', direction: -1 }, q);
  }

  /**
   * Claims up to `limit` open runs that are due (a wait ended, or a claim expired): for each, one
   * conditional update that only one replica can win.
   */
  async claimDue(owner: string, claimMs: number, limit: number, now = new Date()): Promise<WorkflowRunDoc[]> {
    const candidates = await this.model
      .find({ open: true, wake_at: { $lte: now } }, { _id: 1 })
      .sort({ wake_at: 1 })
      .limit(limit)
      .lean();
    const claimed: WorkflowRunDoc[] = [];
    for (const { _id } of candidates) {
      const doc = await this.store.write(this.collectionName, String(_id), () =>
        this.model
          .findOneAndUpdate(
            { _id, open: true, wake_at: { $lte: now } },
            { $set: { claim_owner: owner, wake_at: new Date(Date.now() + claimMs) }, $inc: { rev: 1 } },
            { returnDocument: 'after', timestamps: false },
          )
          .lean(),
      );
      if (doc) claimed.push(doc as WorkflowRunDoc);
    }
    return claimed;
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

  /** A change to a run this replica holds (the claim is part of the filter: a lost claim changes nothing). */
  changeHeld(
    id: string,
    owner: string,
    compute: (current: WorkflowRunDoc) => Change<WorkflowRunDoc, WorkflowRun> | null,
  ): Promise<ChangeResult<WorkflowRun>> {
    if (!isObjectId(id)) return Promise.resolve({ status: 'missing' });
    return this.change({ _id: id, open: true, claim_owner: owner }, compute, { attempts: 5 });
  }

  /**
   * A change to a run waiting for the answer `correlationId` (see WorkflowRunDoc.awaiting), held or not:
   * an answer that comes late (the attempt timed out, or it was answered already) changes nothing.
   */
  changeAwaiting(
    id: string,
    correlationId: string,
    compute: (current: WorkflowRunDoc) => Change<WorkflowRunDoc, WorkflowRun> | null,
  ): Promise<ChangeResult<WorkflowRun>> {
    if (!isObjectId(id)) return Promise.resolve({ status: 'missing' });
    return this.change({ _id: id, open: true, 'awaiting.correlation_id': correlationId }, compute, { attempts: 25 });
  }

  /** Finished runs whose workflow counters may not include them yet. */
  async uncounted(limit = 100): Promise<WorkflowRunDoc[]> {
    return (await this.model
      .find({ counted: false, open: false }, { workflow_id: 1, status: 1, ended_at: 1 })
      .limit(limit)
      .lean()) as WorkflowRunDoc[];
  }

  async markCounted(id: string): Promise<void> {
    await this.store.write(this.collectionName, id, () =>
      this.model.updateOne({ _id: id, counted: false }, { $set: { counted: true } }, { timestamps: false }),
    );
  }
}
