import { Injectable } from '@nestjs/common';
import type { SettingsConfig } from './config';

@Injectable()
export class SettingsConfigRef {
  constructor(readonly value: SettingsConfig) {}
}
