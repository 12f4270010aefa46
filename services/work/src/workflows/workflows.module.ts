import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module';
import { TasksModule } from '../tasks/tasks.module';
import { WorkflowActions } from './workflow-actions';
import { WorkflowAnswersConsumer } from './workflow-answers.consumer';
import { WorkflowEngine } from './workflow-engine';
import { WorkflowRunMoves } from './workflow-run-moves';
import { WorkflowMailer } from './workflow-mailer';
import { WorkflowRetention, WorkflowRetentionTimer } from './workflow-retention';
import { WorkflowWakeTimer } from './workflow-wake-timer';
import { WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';
import { WorkflowEventTriggers, WorkflowScheduler, WorkflowScheduleTimer } from './workflow-triggers';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsRepository } from './workflows.repository';
import { WorkflowsService } from './workflows.service';
import { WorkflowMailsRepository } from './workflow-mails.repository';

@Module({
  imports: [TasksModule, CalendarModule],
  controllers: [WorkflowsController],
  providers: [
    WorkflowsRepository,
    WorkflowsService,
    WorkflowRunsRepository,
    WorkflowRunsService,
    WorkflowActions,
    WorkflowMailsRepository,
    WorkflowMailer,
    WorkflowRunMoves,
    WorkflowEngine,
    WorkflowEventTriggers,
    WorkflowScheduler,
    WorkflowScheduleTimer,
    WorkflowAnswersConsumer,
    WorkflowRetention,
    WorkflowRetentionTimer,
    WorkflowWakeTimer,
  ],
})
export class WorkflowsModule {}
