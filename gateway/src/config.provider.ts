import { Injectable } from '@nestjs/common';
import type { GatewayConfig } from './config';

@Injectable()
export class GatewayConfigRef {
  constructor(readonly value: GatewayConfig) {}
}
