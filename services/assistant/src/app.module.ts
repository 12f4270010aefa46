import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import { ChatModule } from './chat/chat.module';
import type { AssistantConfig } from './config';
import { AssistantConfigRef } from './config.provider';
import { DashboardModule } from './dashboard/dashboard.module';
import { READ_MODEL_TOPICS } from './dashboard/read-model.topics';

@Module({})
export class AppModule {
  static register(config: AssistantConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'assistant',
          brokers: config.kafkaBrokers,
          topics: [...READ_MODEL_TOPICS, ...READ_MODEL_TOPICS.map(dlqTopic), TOPICS.settings],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        DashboardModule,
        ChatModule,
      ],
      providers: [
        { provide: AssistantConfigRef, useValue: new AssistantConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `assistant-revocations-${process.pid}` },
        RevocationFeed,
      ],
      global: true,
      exports: [AssistantConfigRef],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startAssistantService(config: AssistantConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'assistant',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    openApi: { title: 'assistant', description: 'The dashboard read model and the SIXA chat assistant' },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
