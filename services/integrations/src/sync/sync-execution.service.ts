import { Injectable } from '@nestjs/common';
import { createEvent } from '@sixa/kafka';
import { isDuplicateKey } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { Types } from 'mongoose';
import { hostname } from 'node:os';
import { IntegrationsConfigRef } from '../config.provider';
import type { ConnectionDoc } from '../connections/connection.schema';
import { ConnectionsRepository } from '../connections/connections.repository';
import { CredentialsService } from '../connections/credentials.service';
import { apiMappings } from '../connections/field-mappings';
import { PlatformsService } from '../platforms/platforms.service';
import { ProviderRateLimited, ProviderRefused, ProviderUnauthorized, ProviderUnavailable } from '../provider';
import { IMPORTED_TYPES, importedPage } from './imported-records';
import type { JobDoc } from './sync-job.schema';
import { SyncJobsRepository } from './sync-jobs.repository';
import { SyncRecordLogRepository } from './sync-record-log.repository';

const OUTAGE_RETRIES = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sync jobs run: queued by a connection's schedule (or a person, see SyncService), run by one process
 * at a time per job (a claim renewed every page; another process resumes from the stored cursor if
 * it dies), pages read from the provider (429 waited out) and sent to crm or work as commands in the
 * same update that advances the cursor; their answers count the records and end the job.
 */
@Injectable()
export class SyncExecutionService {
  readonly owner = `${hostname()}:${process.pid}:${new Types.ObjectId().toHexString().slice(-6)}`;
  private readonly logger = createLogger('integrations:sync');

  constructor(
    private readonly jobs: SyncJobsRepository,
    private readonly log: SyncRecordLogRepository,
    private readonly connections: ConnectionsRepository,
    private readonly credentials: CredentialsService,
    private readonly platforms: PlatformsService,
    private readonly config: IntegrationsConfigRef,
  ) {}

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
          await this.jobs.queue(c, 'scheduled', type, 'schedule', `${String(c._id)}:${type}:${at.toISOString()}`);
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
    for (const c of await this.credentials.dueForRefresh()) {
      await this.credentials
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
        const credential = await this.credentials.credential(conn);
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
          await this.credentials.credential(conn, true).catch(() => undefined);
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
        const imported = importedPage(job.data_type, records, mappings);
        if (imported.data_type === 'contacts')
          return createEvent('integrations', 'integration.contacts_import_requested', id, job.requested_by, {
            ...base,
            records: imported.records,
          });
        return createEvent('integrations', 'integration.work_import_requested', id, job.requested_by, {
          ...base,
          data_type: imported.data_type,
          records: imported.records,
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
    if (counted && answer.failed.length) await this.log.failed(jobId, answer.failed);
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
