import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import { ChatModule } from './chat/chat.module';
import type { AssistantConfig } from './config';
import { AssistantConfigRef } from './config.provider';
import { DashboardModule } from './dashboard/dashboard.module';
import { READ_MODEL_TOPICS } from './dashboard/read-model.topics';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startAssistantService(config: AssistantConfig) {
  const module = ServiceModule.register({
    service: 'assistant',
    config: new AssistantConfigRef(config),
    topics: [...READ_MODEL_TOPICS, ...READ_MODEL_TOPICS.map(dlqTopic), TOPICS.settings],
    imports: [DashboardModule, ChatModule],
  });
  return startService(module, {
    service: 'assistant',
    config,
    description: 'The dashboard read model and the SIXA chat assistant',
  });
}
