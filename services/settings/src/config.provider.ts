import { ConfigRef } from '@sixa/service';
import type { SettingsConfig } from './config';

export class SettingsConfigRef extends ConfigRef<SettingsConfig> {}
