import { ConfigRef } from '@sixa/service';
import type { IntegrationsConfig } from './config';
import { SecretBox } from './secret-box';
import { ProviderClient } from './provider';

export class IntegrationsConfigRef extends ConfigRef<IntegrationsConfig> {
  readonly box: SecretBox;
  readonly provider: ProviderClient;
  constructor(value: IntegrationsConfig) {
    super(value);
    this.box = new SecretBox(value.keyring);
    this.provider = new ProviderClient(value.providerTimeoutMs);
  }
}
