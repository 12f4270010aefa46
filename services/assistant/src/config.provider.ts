import { Injectable } from '@nestjs/common';
import type { AssistantConfig } from './config';

@Injectable()
export class AssistantConfigRef {
  constructor(readonly value: AssistantConfig) {}
}
