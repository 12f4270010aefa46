import { dlqTopic, DOMAIN_TOPICS, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import type { SettingsConfig } from './config';
import { SettingsConfigRef } from './config.provider';
import { EntriesModule } from './entries/entries.module';
import { RulesModule } from './rules/rules.module';
import { SecurityModule } from './security/security.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startSettingsService(config: SettingsConfig) {
  const module = ServiceModule.register({
    service: 'settings',
    config: new SettingsConfigRef(config),
    topics: [...new Set([TOPICS.settings, dlqTopic(TOPICS.settings), TOPICS.auth, ...DOMAIN_TOPICS])],
    imports: [SecurityModule, EntriesModule, WebhooksModule, RulesModule],
  });
  return startService(module, {
    service: 'settings',
    config,
    description:
      'Settings that take effect across the product: password policy, system and AI settings, webhooks, rate limits, business rules, UI configuration',
  });
}
