import { ConfigRef } from '@sixa/service';
import type { CrmConfig } from './config';

export class CrmConfigRef extends ConfigRef<CrmConfig> {}
