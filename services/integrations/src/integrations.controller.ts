import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireLevel, type AuthUser } from '@sixa/auth';
import {
  ApiKeyConnectionDto,
  ConfigureConnectionDto,
  CreatePlatformDto,
  CreateSyncJobDto,
  OAuthCallbackDto,
  OAuthInitiateDto,
} from '@sixa/contracts';
import { ConnectionsService } from './connections.service';
import { ExpectedRev } from '@sixa/mongo';
import { PlatformsService } from './platforms.service';
import { SyncService } from './sync.service';

/** The Integrations Hub (open to any signed-in user, spec part 2; configuring platforms is an admin's). */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('integrations')
export class IntegrationsController {
  constructor(
    private readonly platforms: PlatformsService,
    private readonly connections: ConnectionsService,
    private readonly sync: SyncService,
  ) {}

  @Get('platforms')
  listPlatforms() {
    return this.platforms.list();
  }

  @Post('platforms')
  @RequireLevel('admin')
  createPlatform(@Body() dto: CreatePlatformDto) {
    return this.platforms.create(dto);
  }

  /** Demo mode: the sandbox provider's platforms. */
  @Post('initialize-sample-data')
  @HttpCode(200)
  seed(@CurrentUser() actor: AuthUser) {
    return this.platforms.seed(actor);
  }

  /** Every connection (the workspace's; `user_id` of the spec's call is accepted and not needed). */
  @Get('connections')
  listConnections(@Query('user_id') _userId?: string) {
    return this.connections.list();
  }

  @Put('connections/:id')
  configure(@Param('id') id: string, @Body() dto: ConfigureConnectionDto, @ExpectedRev('connection') rev?: number) {
    return this.connections.configure(id, dto, rev);
  }

  /** Revokes the tokens at the provider and forgets the secrets; the connection stays, disconnected. */
  @Delete('connections/:id')
  disconnect(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.connections.disconnect(actor, id);
  }

  @Post('oauth/initiate')
  @HttpCode(200)
  initiate(@CurrentUser() actor: AuthUser, @Body() dto: OAuthInitiateDto) {
    return this.connections.initiate(actor, dto);
  }

  @Post('oauth/callback')
  callback(@CurrentUser() actor: AuthUser, @Body() dto: OAuthCallbackDto) {
    return this.connections.callback(actor, dto);
  }

  @Post('api-key-connection')
  apiKey(@CurrentUser() actor: AuthUser, @Body() dto: ApiKeyConnectionDto) {
    return this.connections.apiKey(actor, dto);
  }

  @Post('sync-jobs')
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
