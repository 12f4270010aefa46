import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import type { CrmConfig } from './config';
import { CrmConfigRef } from './config.provider';
import { LeadsModule } from './leads/leads.module';
import { ProductsModule } from './products/products.module';
import { QuotesModule } from './quotes/quotes.module';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startCrmService(config: CrmConfig) {
  const module = ServiceModule.register({
    service: 'crm',
    config: new CrmConfigRef(config),
    topics: [
      TOPICS.crm,
      dlqTopic(TOPICS.crm),
      TOPICS.auth,
      TOPICS.work,
      TOPICS.documents,
      TOPICS.settings,
      TOPICS.integrations,
    ],
    imports: [LeadsModule, ProductsModule, QuotesModule],
  });
  return startService(module, {
    service: 'crm',
    config,
    description: 'Leads, quotes and the product catalogue',
    bodyLimitBytes: 5 * 1024 * 1024,
    // CSV imports arrive as text.
    beforeListen: (app) =>
      app
        .getHttpAdapter()
        .getInstance()
        .addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body)),
  });
}
