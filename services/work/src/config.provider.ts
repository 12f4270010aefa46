import { ConfigRef } from '@sixa/service';
import type { WorkConfig } from './config';

export class WorkConfigRef extends ConfigRef<WorkConfig> {}
