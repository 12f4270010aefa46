import { ConfigRef } from '@sixa/service';
import type { MonitoringConfig } from './config';

export class MonitoringConfigRef extends ConfigRef<MonitoringConfig> {}
