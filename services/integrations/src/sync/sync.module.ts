import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { SyncExecutionService } from './sync-execution.service';
import { SyncJobsRepository } from './sync-jobs.repository';
import { SyncRecordLogRepository } from './sync-record-log.repository';
import { SyncController } from './sync.controller';
import { SyncService } from './sync.service';

/** Sync jobs: asked for, run page by page into crm and work, and reported on. */
@Module({
  imports: [ConnectionsModule, PlatformsModule],
  controllers: [SyncController],
  providers: [SyncJobsRepository, SyncRecordLogRepository, SyncService, SyncExecutionService],
  exports: [SyncExecutionService],
})
export class SyncModule {}
