import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  type CreateSyncJobDto,
  type ImportedContact,
  type ImportedEvent,
  type ImportedTask,
  type IntegrationAnalytics,
  type PlatformStats,
  type SyncJob,
  type SyncRecordLog,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { InjectConnection, isDuplicateKey } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Collection } from 'mongodb';
import { Types, type Connection } from 'mongoose';
import { hostname } from 'node:os';
import { IntegrationsConfigRef } from './config.provider';
import { apiMappings, ConnectionsService, DEFAULT_FIELD_MAPPINGS } from './connections.service';
import { IntegrationsError, IntegrationsErrorCode } from './integrations.errors';
import { PlatformsService } from './platforms.service';
import { ProviderRateLimited, ProviderRefused, ProviderUnauthorized, ProviderUnavailable } from './provider';
import { ConnectionsRepository, JobsRepository, toJob } from './repositories';
import type { ConnectionDoc, JobDoc, RecordLogDoc } from './store';

/** Data types the product brings in: contacts become crm leads, tasks work tasks, events calendar events. */
export const IMPORTED_TYPES = ['contacts', 'tasks', 'events'] as const;
type ImportedType = (typeof IMPORTED_TYPES)[number];
const OUTAGE_RETRIES = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `{{field}}` of a provider record (missing: empty), trimmed. */
export function mapped(template: string, record: Record<string, unknown>): string {
  return template
    .replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, k: string) => {
      const v = k
        .split('.')
        .reduce<unknown>(
          (o, p) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[p] : undefined),
          record,
        );
      return v === undefined || v === null ? '' : String(v);
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export function toTask(record: Record<string, unknown>, mappings: Record<string, string>): ImportedTask {
  const m = { ...DEFAULT_FIELD_MAPPINGS, ...mappings };
  return {
    external_id: String(record.id ?? ''),
    title: mapped(m['tasks.title'], record),
    description: mapped(m['tasks.description'], record),
    priority: mapped(m['tasks.priority'], record).toLowerCase(),
    due_date: mapped(m['tasks.due_date'], record) || null,
    assigned_to: mapped(m['tasks.assigned_to'], record),
    updated_at: changedAt(record),
  };
}

export function toEvent(record: Record<string, unknown>, mappings: Record<string, string>): ImportedEvent {
  const m = { ...DEFAULT_FIELD_MAPPINGS, ...mappings };
  return {
    external_id: String(record.id ?? ''),
    title: mapped(m['events.title'], record),
    description: mapped(m['events.description'], record),
    start_time: mapped(m['events.start_time'], record),
    end_time: mapped(m['events.end_time'], record),
    location: mapped(m['events.location'], record),
    attendees: Array.isArray(record.attendees)
      ? record.attendees.filter((a): a is string => typeof a === 'string')
      : [],
    updated_at: changedAt(record),
  };
}

/** The record's `updated_at` (what incremental syncs page on), when it is a time. */
function changedAt(record: Record<string, unknown>): string | null {
  const at = record.updated_at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null;
}

export function toContact(record: Record<string, unknown>, mappings: Record<string, string>): ImportedContact {
  const m = { ...DEFAULT_FIELD_MAPPINGS, ...mappings };
  return {
    external_id: String(record.id ?? ''),
    name: mapped(m['contacts.name'], record),
    email: mapped(m['contacts.email'], record).toLowerCase(),
    company: mapped(m['contacts.company'], record),
    phone: mapped(m['contacts.phone'], record),
    source: mapped(m['contacts.source'], record),
    notes: mapped(m['contacts.notes'], record),
    updated_at: changedAt(record),
  };
}

/**
 * Sync jobs: queued by a person or by a connection's schedule, run by one process at a time per
 * job (a claim renewed every page; another process resumes from the stored cursor if it dies),
 * pages read from the provider (429 waited out) and sent to crm as commands in the same update that
 * advances the cursor; crm's answers count the records and end the job.
 */
@Injectable()
export class SyncService implements OnModuleInit {
  readonly owner = `${hostname()}:${process.pid}:${new Types.ObjectId().toHexString().slice(-6)}`;
  private readonly log: Collection<RecordLogDoc>;
  private readonly logger = createLogger('integrations:sync');

  constructor(
    @InjectConnection() connection: Connection,
    private readonly jobs: JobsRepository,
    private readonly connections: ConnectionsRepository,
    private readonly connectionsService: ConnectionsService,
    private readonly platforms: PlatformsService,
    private readonly config: IntegrationsConfigRef,
  ) {
    this.log = connection.collection<RecordLogDoc>('sync_record_log');
  }

  async onModuleInit() {
    await this.log.createIndex({ job_id: 1, created_at: 1 });
  }

  // ---- API -----------------------------------------------------------------------------------------

  async create(actor: AuthUser, dto: CreateSyncJobDto): Promise<SyncJob> {
    const c = await this.connectionsService.changeableDoc(actor, dto.connection_id);
    if (c.status !== 'connected')
      throw new IntegrationsError(
        IntegrationsErrorCode.NotConnected,
        `${c.connection_name} is ${c.status}: connect it again to sync`,
      );
    if (!(IMPORTED_TYPES as readonly string[]).includes(dto.data_type))
      throw new IntegrationsError(
        IntegrationsErrorCode.NotSupported,
        `Syncing ${dto.data_type} is not available yet: contacts (into leads) are`,
      );
    const platform = await this.platforms.doc(c.platform_id);
    if (!platform.data_types.includes(dto.data_type))
      throw new IntegrationsError(IntegrationsErrorCode.NotSupported, `${platform.name} has no ${dto.data_type}`);
    if (dto.direction && dto.direction !== 'inbound')
      throw new IntegrationsError(
        IntegrationsErrorCode.NotSupported,
        'Only inbound syncs are available: records come into the product',
      );
    return this.queue(c, dto.job_type ?? 'manual', dto.data_type as ImportedType, actor.id);
  }

  private async queue(
    c: ConnectionDoc,
    jobType: 'manual' | 'scheduled',
    dataType: ImportedType,
    by: string,
    scheduleKey?: string,
  ): Promise<SyncJob> {
    return this.jobs.insert({
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

  async list(limit = 50): Promise<SyncJob[]> {
    return (await this.jobs.recent(limit)).map(toJob);
  }

  async get(id: string): Promise<SyncJob> {
    const d = Types.ObjectId.isValid(id) ? await this.jobs.doc(id) : null;
    if (!d) throw new IntegrationsError(IntegrationsErrorCode.SyncJobNotFound, 'No such sync job');
    return toJob(d);
  }

  async recordLog(id: string): Promise<SyncRecordLog[]> {
    await this.get(id);
    const rows = await this.log.find({ job_id: id }).sort({ created_at: 1 }).limit(1000).toArray();
    return rows.map((r) => ({ external_id: r.external_id, outcome: r.outcome, detail: r.detail }));
  }

  async analytics(): Promise<IntegrationAnalytics> {
    const [connections, recent] = await Promise.all([this.connections.all(), this.jobs.recent(10)]);
    const stats: Record<string, PlatformStats> = {};
    for (const c of connections) {
      const s = (stats[c.platform_id] ??= {
        platform_name: c.platform_name,
        connections: 0,
        active_connections: 0,
        total_syncs: 0,
        successful_syncs: 0,
        success_rate: null,
      });
      s.connections++;
      if (c.status === 'connected') s.active_connections++;
      s.total_syncs += c.total_syncs ?? 0;
      s.successful_syncs += c.successful_syncs ?? 0;
    }
    for (const s of Object.values(stats))
      s.success_rate = s.total_syncs ? Math.round((s.successful_syncs / s.total_syncs) * 1000) / 10 : null;
    return {
      total_connections: connections.length,
      active_connections: connections.filter((c) => c.status === 'connected').length,
      recent_syncs: recent.map(toJob),
      platform_stats: stats,
    };
  }

  // ---- the runner's turn ---------------------------------------------------------------------------

  /** Queues the scheduled syncs that are due: one job per connection and period, whichever process gets there. */
  async scheduleDue(now = new Date()): Promise<number> {
    const due = await this.connections.all({ status: 'connected', next_sync_at: { $lte: now } });
    let made = 0;
    for (const c of due) {
      const at = new Date(c.next_sync_at!);
      const platform = await this.platforms.doc(c.platform_id).catch(() => null);
      // Every type the product brings in that the platform has: one job each per period.
      for (const type of IMPORTED_TYPES.filter((t) => platform?.data_types.includes(t))) {
        try {
          await this.queue(c, 'scheduled', type, 'schedule', `${String(c._id)}:${type}:${at.toISOString()}`);
          made++;
        } catch (e) {
          if (!isDuplicateKey(e)) throw e;
        }
      }
      // The next period from the one due (skipping those missed while nothing ran).
      const period = c.sync_frequency * 60_000;
      let next = at.getTime() + period;
      if (next <= now.getTime()) next = now.getTime() + period;
      await this.connections.advanceSchedule(c._id, at, new Date(next));
    }
    return made;
  }

  async refreshDue(): Promise<void> {
    for (const c of await this.connectionsService.dueForRefresh()) {
      await this.connectionsService
        .refresh(c)
        .catch((err) =>
          this.logger.warn({ connection: String(c._id), err: (err as Error).message }, 'token refresh failed'),
        );
    }
  }

  /** Runs the jobs that can run now, a few at a time. */
  async runDue(parallel = 2): Promise<void> {
    const jobs = await this.jobs.runnable(new Date(), parallel);
    await Promise.all(
      jobs.map((j) =>
        this.run(String(j._id)).catch((err) => this.logger.error({ err, job: String(j._id) }, 'sync job failed')),
      ),
    );
  }

  private async claim(id: string): Promise<boolean> {
    return this.jobs.claim(id, this.owner, new Date(Date.now() + this.config.value.jobLeaseMs), new Date());
  }

  /** Reads the job's pages from the provider and hands them to crm; resumable from the stored cursor. */
  async run(id: string): Promise<void> {
    if (!(await this.claim(id))) return;
    let job = (await this.jobs.doc(id))!;
    const c = await this.connections.doc(job.connection_id);
    if (!c || c.status !== 'connected')
      return this.finish(job, 'failed', c ? `the connection is ${c.status}` : 'the connection was removed');
    if (job.status === 'pending') {
      const since = c.synced_since?.[job.data_type] ?? null;
      const started = await this.jobs.change({ _id: job._id, status: 'pending' }, () => ({
        set: {
          status: 'in_progress',
          started_at: new Date(),
          fetch_started_at: new Date().toISOString(),
          updated_since: since,
        },
        events: (after) => [
          createEvent('integrations', 'integration.sync_started', id, job.requested_by, { job: after }),
        ],
      }));
      if (started.status !== 'changed') return;
      job = (await this.jobs.doc(id))!;
    }
    const platform = await this.platforms.doc(c.platform_id);
    const endpoints = this.platforms.endpoints(platform);
    let conn = c;
    let outages = 0;
    let refreshed = false;
    while (!job.fetched) {
      if (!(await this.claim(id))) return;
      let page;
      try {
        const credential = await this.connectionsService.credential(conn);
        page = await this.config.provider.page(endpoints, credential, job.data_type, {
          cursor: job.cursor,
          updatedSince: job.updated_since,
          limit: this.config.value.pageSize,
        });
      } catch (e) {
        if (e instanceof ProviderRateLimited) {
          if (e.retryAfterMs > this.config.value.maxRetryAfterMs)
            return this.finish(job, 'failed', `${platform.name} asked to wait ${Math.ceil(e.retryAfterMs / 1000)} s`);
          this.logger.info({ job: id, wait_ms: e.retryAfterMs }, 'provider rate limit: waiting');
          await sleep(e.retryAfterMs);
          continue;
        }
        if (e instanceof ProviderUnauthorized && !refreshed && conn.credential.kind === 'oauth2') {
          refreshed = true;
          await this.connectionsService.credential(conn, true).catch(() => undefined);
          conn = (await this.connections.doc(job.connection_id)) ?? conn;
          continue;
        }
        if (e instanceof ProviderUnavailable && ++outages <= OUTAGE_RETRIES) {
          await sleep(1000 * 2 ** (outages - 1));
          continue;
        }
        const why =
          e instanceof ProviderRefused || e instanceof ProviderUnauthorized || e instanceof ProviderUnavailable
            ? e.message
            : 'an unexpected error';
        if (!(e instanceof ProviderRefused || e instanceof ProviderUnauthorized || e instanceof ProviderUnavailable))
          this.logger.error({ err: e, job: id }, 'sync page failed');
        return this.finish(job, 'failed', `${platform.name}: ${why}`);
      }
      outages = 0;
      const mappings = apiMappings(conn.field_mappings);
      const records = page.data;
      const pageNo = job.pages_sent + 1;
      const command = () => {
        const base = {
          correlation_id: `${id}:${pageNo}`,
          job_id: id,
          platform_id: platform._id,
          platform_name: platform.name,
        };
        if (job.data_type === 'contacts')
          return createEvent('integrations', 'integration.contacts_import_requested', id, job.requested_by, {
            ...base,
            records: records.map((r) => toContact(r, mappings)),
            audience: this.config.value.crmDb,
          });
        const type = job.data_type as 'tasks' | 'events';
        return createEvent('integrations', 'integration.work_import_requested', id, job.requested_by, {
          ...base,
          data_type: type,
          records: records.map((r) => (type === 'tasks' ? toTask(r, mappings) : toEvent(r, mappings))),
          audience: this.config.value.workDb,
        });
      };
      const cursorRead = job.cursor;
      const advanced = await this.jobs.change({ _id: job._id, cursor: cursorRead, pages_sent: job.pages_sent }, () => ({
        set: {
          cursor: page.next_cursor,
          fetched: page.next_cursor === null,
          pages_sent: records.length ? pageNo : job.pages_sent,
        },
        inc: { records_processed: records.length },
        events: () => (records.length ? [command()] : []),
      }));
      if (advanced.status !== 'changed') return;
      job = (await this.jobs.doc(id))!;
    }
    await this.tryFinish(id);
  }

  /** crm answered a page: counted once per page; the job ends when every page is answered. */
  async pageAnswered(
    correlationId: string,
    answer: {
      created: number;
      updated: number;
      unchanged: number;
      failed: Array<{ external_id: string; detail: string }>;
    },
  ) {
    const [jobId] = correlationId.split(':');
    if (!Types.ObjectId.isValid(jobId)) return;
    const counted = await this.jobs.answerPage(jobId, correlationId, {
      records_success: answer.created + answer.updated + answer.unchanged,
      records_failed: answer.failed.length,
    });
    if (counted && answer.failed.length)
      await this.log.insertMany(
        answer.failed.map((f) => ({
          _id: new Types.ObjectId(),
          job_id: jobId,
          external_id: f.external_id,
          outcome: 'failed' as const,
          detail: f.detail,
          created_at: new Date(),
        })),
      );
    await this.tryFinish(jobId);
  }

  private async tryFinish(id: string): Promise<void> {
    const job = await this.jobs.doc(id);
    if (!job || job.status !== 'in_progress' || !job.fetched) return;
    if ((job.pages_answered?.length ?? 0) < job.pages_sent) return;
    await this.finish(job, 'success', null);
  }

  private async finish(job: JobDoc, status: 'success' | 'failed', error: string | null): Promise<void> {
    const id = String(job._id);
    const result = await this.jobs.change({ _id: job._id, status: { $in: ['pending', 'in_progress'] } }, () => ({
      set: { status, error, finished_at: new Date(), lease_owner: null, lease_until: null },
      events: (after) => [
        createEvent(
          'integrations',
          status === 'success' ? 'integration.sync_succeeded' : 'integration.sync_failed',
          id,
          job.requested_by,
          { job: after },
        ),
      ],
    }));
    if (result.status !== 'changed') return;
    const set: Partial<ConnectionDoc> = { last_sync_at: new Date() };
    if (status === 'success' && job.fetch_started_at)
      (set as Record<string, unknown>)[`synced_since.${job.data_type}`] = job.fetch_started_at;
    await this.connections.counters(
      job.connection_id,
      { total_syncs: 1, ...(status === 'success' ? { successful_syncs: 1 } : { failed_syncs: 1 }) },
      set,
    );
  }
}
