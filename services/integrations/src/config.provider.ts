import { Injectable } from '@nestjs/common';
import type { IntegrationsConfig } from './config';
import { SecretBox } from './secret-box';
import { ProviderClient } from './provider';

@Injectable()
export class IntegrationsConfigRef {
  readonly box: SecretBox;
  readonly provider: ProviderClient;
  constructor(readonly value: IntegrationsConfig) {
    this.box = new SecretBox(value.keyring);
    this.provider = new ProviderClient(value.providerTimeoutMs);
  }
}
