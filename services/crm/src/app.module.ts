import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { CrmConfig } from './config';
import { CrmConfigRef } from './config.provider';
import { LeadsModule } from './leads/leads.module';
import { ProductsModule } from './products/products.module';
import { QuotesModule } from './quotes/quotes.module';

@Module({})
export class AppModule {
  static register(config: CrmConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'crm',
          brokers: config.kafkaBrokers,
          topics: [
            TOPICS.crm,
            dlqTopic(TOPICS.crm),
            TOPICS.auth,
            TOPICS.work,
            TOPICS.documents,
            TOPICS.settings,
            TOPICS.integrations,
          ],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        LeadsModule,
        ProductsModule,
        QuotesModule,
      ],
      providers: [
        { provide: CrmConfigRef, useValue: new CrmConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `crm-revocations-${process.pid}` },
        RevocationFeed,
      ],
      // The configuration reaches the domain modules.
      global: true,
      exports: [CrmConfigRef],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startCrmService(config: CrmConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'crm',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    bodyLimitBytes: 5 * 1024 * 1024,
    openApi: { title: 'crm', description: 'Leads, quotes and the product catalogue' },
  });
  // CSV imports arrive as text.
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
