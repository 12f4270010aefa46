import { ConfigRef } from '@sixa/service';
import type { AssistantConfig } from './config';

export class AssistantConfigRef extends ConfigRef<AssistantConfig> {}
