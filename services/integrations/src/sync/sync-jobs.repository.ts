import { Injectable } from '@nestjs/common';
import type { SyncJob } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { ConnectionDoc } from '../connections/connection.schema';
import { iso } from '../connections/connections.repository';
import type { ImportedType } from './imported-records';
import { JobSchema, type JobDoc } from './sync-job.schema';

export function toJob(d: JobDoc): SyncJob {
  return {
    id: String(d._id),
    connection_id: d.connection_id,
    job_type: d.job_type,
    direction: d.direction,
    data_type: d.data_type,
    platform_name: d.platform_name,
    status: d.status,
    records_processed: d.records_processed ?? 0,
    records_success: d.records_success ?? 0,
    records_failed: d.records_failed ?? 0,
    updated_since: d.updated_since ?? null,
    error: d.error ?? null,
    created_at: iso(d.created_at)!,
    started_at: iso(d.started_at),
    finished_at: iso(d.finished_at),
  };
}

@Injectable()
export class SyncJobsRepository extends BaseRepository<JobDoc, SyncJob> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<JobDoc>('SyncJob', JobSchema), { outbox: relay });
  }
  override map(doc: unknown): SyncJob {
    return toJob(doc as JobDoc);
  }
  doc(id: string): Promise<JobDoc | null> {
    return this.findDocById(id);
  }
  /** A job to bring `dataType` in from the connection; a scheduled one under its period's key (one per period). */
  queue(
    c: ConnectionDoc,
    jobType: 'manual' | 'scheduled',
    dataType: ImportedType,
    by: string,
    scheduleKey?: string,
  ): Promise<SyncJob> {
    return this.insert({
      connection_id: String(c._id),
      job_type: jobType,
      direction: 'inbound',
      data_type: dataType,
      platform_id: c.platform_id,
      platform_name: c.platform_name,
      status: 'pending',
      requested_by: by,
      ...(scheduleKey ? { schedule_key: scheduleKey } : {}),
    });
  }
  async recent(limit: number, filter: Record<string, unknown> = {}): Promise<JobDoc[]> {
    return await this.model
      .find(filter, { outbox: 0, pages_answered: 0 })
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .lean<JobDoc[]>();
  }
  /** Pending jobs, and running ones whose claim ran out (their process died): oldest first. */
  async runnable(now: Date, limit: number): Promise<JobDoc[]> {
    return await this.model
      .find(
        { $or: [{ status: 'pending' }, { status: 'in_progress', fetched: false, lease_until: { $lt: now } }] },
        { outbox: 0, pages_answered: 0 },
      )
      .sort({ created_at: 1 })
      .limit(limit)
      .lean<JobDoc[]>();
  }
  /** Takes or renews the claim on a job (one conditional update): true if this process holds it now. */
  async claim(id: string, owner: string, until: Date, now: Date): Promise<boolean> {
    const claimed = await this.updateById(
      id,
      { $set: { lease_owner: owner, lease_until: until, updated_at: new Date() } },
      {
        where: {
          $or: [
            { status: 'pending' },
            { status: 'in_progress', $or: [{ lease_owner: owner }, { lease_until: { $lt: now } }] },
          ],
        },
      },
    );
    return claimed !== null;
  }
  /** Records one answered page once (the page's id joins `pages_answered` only if absent) with its counts. */
  async answerPage(
    id: string,
    pageId: string,
    inc: { records_success: number; records_failed: number },
  ): Promise<boolean> {
    const counted = await this.updateById(
      id,
      { $push: { pages_answered: pageId }, $inc: inc, $set: { updated_at: new Date() } },
      { where: { pages_answered: { $ne: pageId } } },
    );
    return counted !== null;
  }
}
