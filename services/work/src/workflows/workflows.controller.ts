import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateWorkflowDto, ExecuteWorkflowDto, PageQuery, UpdateWorkflowDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { sendPage, type Reply } from '@sixa/service';
import { WorkConfigRef } from '../config.provider';
import { WorkError, WorkErrorCode } from '../work.errors';
import { WorkflowMailer } from './workflow-mailer';
import { WorkflowRunsService } from './workflow-runs.service';
import { WorkflowsService } from './workflows.service';

@ApiTags('workflows')
@ApiBearerAuth()
@Controller('workflows')
export class WorkflowsController {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly runs: WorkflowRunsService,
    private readonly mailer: WorkflowMailer,
    private readonly config: WorkConfigRef,
  ) {}

  /** Newest first; the total is in X-Total-Count (no parameters: every workflow, the spec's list). */
  @Get()
  async list(@Query() q: PageQuery, @Res({ passthrough: true }) reply: Reply) {
    return sendPage(reply, await this.workflows.list(q));
  }

  @Get('stats')
  stats() {
    return this.workflows.stats();
  }

  /** The mails workflows sent (demo mode only: the local outbox, so that a run's result can be seen). */
  @Get('mail-outbox')
  mailOutbox() {
    if (!this.config.value.demoMode) throw new WorkError(WorkErrorCode.WorkflowNotFound, 'Not found');
    return this.mailer.list();
  }

  @Get('runs/:runId')
  run(@Param('runId') runId: string) {
    return this.runs.get(runId);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.workflows.get(id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateWorkflowDto) {
    return this.workflows.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateWorkflowDto,
    @ExpectedRev('workflow') rev?: number,
  ) {
    return this.workflows.update(actor, id, dto, rev);
  }

  @Post(':id/pause')
  @HttpCode(200)
  pause(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.workflows.setEnabled(actor, id, false);
  }

  @Post(':id/resume')
  @HttpCode(200)
  resume(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.workflows.setEnabled(actor, id, true);
  }

  /** Starts a run (202 with the stored run; it proceeds in the background). A paused workflow: 409. */
  @Post(':id/execute')
  @HttpCode(202)
  execute(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: ExecuteWorkflowDto) {
    return this.runs.execute(actor.id, id, dto?.input ?? {});
  }

  /** A workflow's runs, newest first; the total in X-Total-Count. */
  @Get(':id/runs')
  async runsOf(@Param('id') id: string, @Query() q: PageQuery, @Res({ passthrough: true }) reply: Reply) {
    return sendPage(reply, await this.runs.listOf(id, q));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.workflows.remove(actor, id);
  }
}
