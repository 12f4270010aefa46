import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module';
import { WorkflowActions } from './workflow-actions';
import { WorkflowEngine } from './workflow-engine';
import { WorkflowMailer } from './workflow-mailer';
import { WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';
import { WorkflowEventTriggers, WorkflowScheduler } from './workflow-triggers';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsRepository } from './workflows.repository';
import { WorkflowsService } from './workflows.service';

@Module({
  imports: [TasksModule],
  controllers: [WorkflowsController],
  providers: [
    WorkflowsRepository,
    WorkflowsService,
    WorkflowRunsRepository,
    WorkflowRunsService,
    WorkflowActions,
    WorkflowMailer,
    WorkflowEngine,
    WorkflowEventTriggers,
    WorkflowScheduler,
  ],
})
export class WorkflowsModule {}
