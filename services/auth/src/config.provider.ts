import { ConfigRef } from '@sixa/service';
import type { AuthConfig } from './config';

export class AuthConfigRef extends ConfigRef<AuthConfig> {}
