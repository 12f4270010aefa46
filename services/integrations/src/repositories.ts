import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { IntegrationConnection, SyncJob } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, revisionTag } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { ConnectionSchema, JobSchema, type ConnectionDoc, type JobDoc } from './store';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toConnection(d: ConnectionDoc): IntegrationConnection {
  return {
    id: String(d._id),
    etag: revisionTag(String(d._id), d.rev ?? 0),
    platform_id: d.platform_id,
    platform_name: d.platform_name,
    connection_name: d.connection_name,
    status: d.status,
    status_detail: d.status_detail ?? null,
    sync_direction: d.sync_direction,
    sync_frequency: d.sync_frequency,
    field_mappings: Object.fromEntries(
      Object.entries(d.field_mappings ?? {}).map(([k, v]) => [k.replace(':', '.'), v]),
    ),
    user_id: d.user_id,
    total_syncs: d.total_syncs ?? 0,
    successful_syncs: d.successful_syncs ?? 0,
    failed_syncs: d.failed_syncs ?? 0,
    last_sync_at: iso(d.last_sync_at),
    next_sync_at: iso(d.next_sync_at),
    credential: { kind: d.credential.kind, last4: d.credential.last4, expires_at: iso(d.credential.expires_at) },
    created_at: iso(d.created_at)!,
    updated_at: iso(d.updated_at)!,
  };
}

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
export class ConnectionsRepository
  extends BaseRepository<ConnectionDoc, IntegrationConnection>
  implements OnModuleInit
{
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<ConnectionDoc>('IntegrationConnection', ConnectionSchema), relay);
  }
  async onModuleInit() {
    await this.init();
  }
  override map(doc: unknown): IntegrationConnection {
    return toConnection(doc as ConnectionDoc);
  }
  doc(id: string): Promise<ConnectionDoc | null> {
    return this.findDocById(id);
  }
  async all(filter: Record<string, unknown> = {}): Promise<ConnectionDoc[]> {
    return (await this.model.find(filter).sort({ created_at: -1 }).lean()) as ConnectionDoc[];
  }
  /** Moves a connection's next scheduled sync on, only from the time read (one process wins). */
  async advanceSchedule(id: ConnectionDoc['_id'], from: Date, to: Date): Promise<void> {
    await this.store.write(this.collectionName, String(id), () =>
      this.model.updateOne({ _id: id, next_sync_at: from }, { $set: { next_sync_at: to } }),
    );
  }

  /** A connection no longer connected frees its platform for another (the unique sparse index). */
  async unsetConnected(id: string): Promise<void> {
    await this.updateById(id, { $unset: { connected_platform: 1 } });
  }
  async counters(
    id: string,
    inc: Partial<Record<'total_syncs' | 'successful_syncs' | 'failed_syncs', number>>,
    set: Partial<ConnectionDoc> = {},
  ) {
    await this.updateById(id, { $inc: inc, $set: set });
  }
}

@Injectable()
export class JobsRepository extends BaseRepository<JobDoc, SyncJob> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<JobDoc>('SyncJob', JobSchema), relay);
  }
  async onModuleInit() {
    await this.init();
  }
  override map(doc: unknown): SyncJob {
    return toJob(doc as JobDoc);
  }
  doc(id: string): Promise<JobDoc | null> {
    return this.findDocById(id);
  }
  async recent(limit: number, filter: Record<string, unknown> = {}): Promise<JobDoc[]> {
    return (await this.model
      .find(filter, { outbox: 0, pages_answered: 0 })
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .lean()) as unknown as JobDoc[];
  }
  /** Pending jobs, and running ones whose claim ran out (their process died): oldest first. */
  async runnable(now: Date, limit: number): Promise<JobDoc[]> {
    return (await this.model
      .find(
        { $or: [{ status: 'pending' }, { status: 'in_progress', fetched: false, lease_until: { $lt: now } }] },
        { outbox: 0, pages_answered: 0 },
      )
      .sort({ created_at: 1 })
      .limit(limit)
      .lean()) as unknown as JobDoc[];
  }
  /** Takes or renews the claim on a job (one conditional update): true if this process holds it now. */
  async claim(id: string, owner: string, until: Date, now: Date): Promise<boolean> {
    const res = await this.store.write(this.collectionName, id, () =>
      this.model.updateOne(
        {
          _id: id,
          $or: [
            { status: 'pending' },
            { status: 'in_progress', $or: [{ lease_owner: owner }, { lease_until: { $lt: now } }] },
          ],
        },
        { $set: { lease_owner: owner, lease_until: until } },
      ),
    );
    return res.modifiedCount === 1;
  }
  /** Records one answered page once (the page's id joins `pages_answered` only if absent) with its counts. */
  async answerPage(
    id: string,
    pageId: string,
    inc: { records_success: number; records_failed: number },
  ): Promise<boolean> {
    const res = await this.store.write(this.collectionName, id, () =>
      this.model.updateOne(
        { _id: id, pages_answered: { $ne: pageId } },
        { $push: { pages_answered: pageId }, $inc: inc },
      ),
    );
    await this.written();
    return res.modifiedCount === 1;
  }
  async stats(): Promise<JobDoc[]> {
    return (await this.model.find({}, { platform_name: 1, status: 1, connection_id: 1 }).lean()) as unknown as JobDoc[];
  }
}
