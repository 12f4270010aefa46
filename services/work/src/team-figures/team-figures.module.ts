import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module';
import { TeamFiguresConsumer } from './team-figures.consumer';
import { TeamModule } from '../team/team.module';

/** Joins tasks and team: the members' task figures, kept from the task events. */
@Module({
  imports: [TasksModule, TeamModule],
  providers: [TeamFiguresConsumer],
})
export class TeamFiguresModule {}
