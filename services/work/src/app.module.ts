import { dlqTopic, DOMAIN_TOPICS, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import type { WorkConfig } from './config';
import { WorkConfigRef } from './config.provider';
import { CalendarModule } from './calendar/calendar.module';
import { IntegrationImportsModule } from './imports/integration-imports.consumer';
import { NotificationsModule } from './notifications/notifications.module';
import { TasksModule } from './tasks/tasks.module';
import { TeamFiguresModule } from './team-figures/team-figures.module';
import { TeamModule } from './team/team.module';
import { WorkflowsModule } from './workflows/workflows.module';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startWorkService(config: WorkConfig) {
  const module = ServiceModule.register({
    service: 'work',
    config: new WorkConfigRef(config),
    topics: [...DOMAIN_TOPICS, ...DOMAIN_TOPICS.map(dlqTopic), TOPICS.presence],
    imports: [
      TeamModule,
      TasksModule,
      TeamFiguresModule,
      CalendarModule,
      IntegrationImportsModule,
      WorkflowsModule,
      NotificationsModule,
    ],
  });
  return startService(module, {
    service: 'work',
    config,
    description: 'Tasks, the team, the calendar and workflows',
  });
}
