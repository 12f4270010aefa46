import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateSyncJobDto } from '@sixa/contracts';
import { SyncService } from './sync.service';

/** The Integrations Hub's sync jobs, their record logs, and the analytics. */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('integrations')
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  @Post('sync-jobs')
  @ApiCreatedResponse({ description: 'The sync job, queued.' })
  @ApiNotFoundResponse({ description: 'No such connection.' })
  createJob(@CurrentUser() actor: AuthUser, @Body() dto: CreateSyncJobDto) {
    return this.sync.create(actor, dto);
  }

  @Get('sync-jobs')
  listJobs() {
    return this.sync.list();
  }

  @Get('sync-jobs/:id')
  job(@Param('id') id: string) {
    return this.sync.get(id);
  }

  /** The records a job could not bring in, with why. */
  @Get('sync-jobs/:id/log')
  jobLog(@Param('id') id: string) {
    return this.sync.recordLog(id);
  }

  @Get('analytics')
  analytics() {
    return this.sync.analytics();
  }
}
