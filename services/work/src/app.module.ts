import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { WorkConfig } from './config';
import { WorkConfigRef } from './config.provider';
import { CalendarModule } from './calendar/calendar.module';
import { IntegrationImportsModule } from './imports/integration-imports.consumer';
import { NotificationsModule } from './notifications/notifications.module';
import { TasksModule } from './tasks/tasks.module';
import { TeamFiguresModule } from './team-figures/team-figures.module';
import { TeamModule } from './team/team.module';
import { TRIGGER_TOPICS } from './workflows/workflow-triggers';
import { WorkflowsModule } from './workflows/workflows.module';

@Module({})
export class AppModule {
  static register(config: WorkConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'work',
          brokers: config.kafkaBrokers,
          topics: [...TRIGGER_TOPICS, ...TRIGGER_TOPICS.map(dlqTopic), TOPICS.presence],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        TeamModule,
        TasksModule,
        TeamFiguresModule,
        CalendarModule,
        IntegrationImportsModule,
        WorkflowsModule,
        NotificationsModule,
      ],
      providers: [
        { provide: WorkConfigRef, useValue: new WorkConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `work-revocations-${process.pid}` },
        RevocationFeed,
      ],
      // The configuration reaches the domain modules.
      global: true,
      exports: [WorkConfigRef],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startWorkService(config: WorkConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'work',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    openApi: { title: 'work', description: 'Tasks, the team, the calendar and workflows' },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
