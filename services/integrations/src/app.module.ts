import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { IntegrationsConfig } from './config';
import { IntegrationsConfigRef } from './config.provider';
import { ConnectionsModule } from './connections/connections.module';
import { PlatformsModule } from './platforms/platforms.module';
import { SyncRunner } from './sync.runner';
import { SyncModule } from './sync/sync.module';

@Module({})
export class AppModule {
  static register(config: IntegrationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'integrations',
          brokers: config.kafkaBrokers,
          topics: [TOPICS.integrations, dlqTopic(TOPICS.integrations), TOPICS.auth, TOPICS.crm, TOPICS.work],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        PlatformsModule,
        ConnectionsModule,
        SyncModule,
      ],
      providers: [
        { provide: IntegrationsConfigRef, useValue: new IntegrationsConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `integrations-revocations-${process.pid}` },
        RevocationFeed,
        SyncRunner,
      ],
      global: true,
      exports: [IntegrationsConfigRef],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startIntegrationsService(config: IntegrationsConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'integrations',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    openApi: {
      title: 'integrations',
      description: 'Platforms, OAuth 2.0 and API-key connections, sync jobs and their analytics',
    },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
