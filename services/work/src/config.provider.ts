import { Injectable } from '@nestjs/common';
import type { WorkConfig } from './config';

@Injectable()
export class WorkConfigRef {
  constructor(readonly value: WorkConfig) {}
}
