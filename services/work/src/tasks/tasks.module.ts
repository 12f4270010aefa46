import { Module } from '@nestjs/common';
import { TeamModule } from '../team/team.module';
import { RuleTasksConsumer } from './rule-tasks.consumer';
import { TaskOverdueTimer } from './task-overdue.timer';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';
import { TasksService } from './tasks.service';

@Module({
  imports: [TeamModule],
  controllers: [TasksController],
  providers: [TasksRepository, TasksService, TaskOverdueTimer, RuleTasksConsumer],
  exports: [TasksRepository, TasksService],
})
export class TasksModule {}
