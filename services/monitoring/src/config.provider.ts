import { Injectable } from '@nestjs/common';
import type { MonitoringConfig } from './config';

@Injectable()
export class MonitoringConfigRef {
  constructor(readonly value: MonitoringConfig) {}
}
