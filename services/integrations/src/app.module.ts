import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import type { IntegrationsConfig } from './config';
import { IntegrationsConfigRef } from './config.provider';
import { ConnectionsModule } from './connections/connections.module';
import { PlatformsModule } from './platforms/platforms.module';
import { ImportAnswersConsumer, SyncRunner } from './sync.runner';
import { SyncModule } from './sync/sync.module';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startIntegrationsService(config: IntegrationsConfig) {
  const module = ServiceModule.register({
    service: 'integrations',
    config: new IntegrationsConfigRef(config),
    topics: [TOPICS.integrations, dlqTopic(TOPICS.integrations), TOPICS.auth, TOPICS.crm, TOPICS.work],
    imports: [PlatformsModule, ConnectionsModule, SyncModule],
    providers: [SyncRunner, ImportAnswersConsumer],
  });
  return startService(module, {
    service: 'integrations',
    config,
    description: 'Platforms, OAuth 2.0 and API-key connections, sync jobs and their analytics',
  });
}
