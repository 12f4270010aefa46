import { Injectable } from '@nestjs/common';
import type { CrmConfig } from './config';

@Injectable()
export class CrmConfigRef {
  constructor(readonly value: CrmConfig) {}
}
