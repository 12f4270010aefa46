import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { CrmConfig } from './config';
import { CrmConfigRef } from './config.provider';
import { LeadImportService } from './leads/lead-import.service';
import { LeadHistoryConsumer } from './leads/lead-history.consumer';
import { LeadsIndexFeed } from './leads/leads-index.feed';
import { LeadsController } from './leads/leads.controller';
import { LeadsRepository } from './leads/leads.repository';
import { LeadsService } from './leads/leads.service';
import { ProductsController } from './products/products.controller';
import { ProductsRepository } from './products/products.repository';
import { QuoteExpirySweeper } from './quotes/quote-expiry';
import { PublicQuotesController, QuotesController } from './quotes/quotes.controller';
import { QuotesRepository } from './quotes/quotes.repository';
import { QuotesService } from './quotes/quotes.service';
import { SampleDataService } from './sample-data.service';

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
          topics: [TOPICS.crm, dlqTopic(TOPICS.crm), TOPICS.auth],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
      ],
      controllers: [LeadsController, ProductsController, PublicQuotesController, QuotesController],
      providers: [
        { provide: CrmConfigRef, useValue: new CrmConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `crm-revocations-${process.pid}` },
        RevocationFeed,
        LeadsRepository,
        LeadsService,
        LeadImportService,
        LeadHistoryConsumer,
        LeadsIndexFeed,
        ProductsRepository,
        QuotesRepository,
        QuotesService,
        QuoteExpirySweeper,
        SampleDataService,
      ],
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
  const url = await listen(app, config.port);
  return { app, url };
}
