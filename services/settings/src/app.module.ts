import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { SettingsConfig } from './config';
import { SettingsConfigRef } from './config.provider';
import { DOMAIN_TOPICS } from './webhooks/webhook-delivery.jobs';
import { EntriesModule } from './entries/entries.module';
import { RulesModule } from './rules/rules.module';
import { SecurityModule } from './security/security.module';
import { WebhooksModule } from './webhooks/webhooks.module';

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
          topics: [...new Set([TOPICS.settings, dlqTopic(TOPICS.settings), TOPICS.auth, ...DOMAIN_TOPICS])],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        SecurityModule,
        EntriesModule,
        WebhooksModule,
        RulesModule,
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
    openApi: {
      title: 'settings',
      description:
        'Settings that take effect across the product: password policy, system and AI settings, webhooks, rate limits, business rules, UI configuration',
    },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
