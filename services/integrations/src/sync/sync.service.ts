import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { CreateSyncJobDto, IntegrationAnalytics, PlatformStats, SyncJob, SyncRecordLog } from '@sixa/contracts';
import { Types } from 'mongoose';
import { ConnectionsRepository } from '../connections/connections.repository';
import { ConnectionsService } from '../connections/connections.service';
import { IntegrationsError, IntegrationsErrorCode } from '../integrations.errors';
import { PlatformsService } from '../platforms/platforms.service';
import { isImportedType } from './imported-records';
import { SyncJobsRepository, toJob } from './sync-jobs.repository';
import { SyncRecordLogRepository } from './sync-record-log.repository';

/**
 * Sync jobs as people ask for and read them: a manual sync queued, the jobs and their record logs,
 * the hub's analytics. Running them is SyncExecutionService's.
 */
@Injectable()
export class SyncService {
  constructor(
    private readonly jobs: SyncJobsRepository,
    private readonly log: SyncRecordLogRepository,
    private readonly connections: ConnectionsRepository,
    private readonly connectionsService: ConnectionsService,
    private readonly platforms: PlatformsService,
  ) {}

  async create(actor: AuthUser, dto: CreateSyncJobDto): Promise<SyncJob> {
    const c = await this.connectionsService.changeableDoc(actor, dto.connection_id);
    if (c.status !== 'connected')
      throw new IntegrationsError(
        IntegrationsErrorCode.NotConnected,
        `${c.connection_name} is ${c.status}: connect it again to sync`,
      );
    if (!isImportedType(dto.data_type))
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
    return this.jobs.queue(c, dto.job_type ?? 'manual', dto.data_type, actor.id);
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
    return this.log.forJob(id);
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
}
