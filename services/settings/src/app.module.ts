import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { SettingsConfig } from './config';
import { SettingsConfigRef } from './config.provider';
import { SecurityModule } from './security/security.module';

@Module({})
export class AppModule {
  static register(config: SettingsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'settings',
          brokers: config.kafkaBrokers,
          topics: [TOPICS.settings, dlqTopic(TOPICS.settings), TOPICS.auth],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        SecurityModule,
      ],
      providers: [
        { provide: SettingsConfigRef, useValue: new SettingsConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `settings-revocations-${process.pid}` },
        RevocationFeed,
      ],
      global: true,
      exports: [SettingsConfigRef],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startSettingsService(config: SettingsConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'settings',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    openApi: { title: 'settings', description: 'Settings that take effect across the product: the password policy' },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
