import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { RevocationList } from '@sixa/auth';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle, KafkaModule } from '@sixa/kafka';
import { HealthModule } from '@sixa/observability';
import { randomUUID } from 'node:crypto';
import type { GatewayConfig } from './config';
import { GatewayConfigRef } from './config.provider';
import { GatewayController } from './gateway.controller';

/**
 * Keeps the revocation list current from the auth service's events. Each replica reads the whole
 * topic with a group of its own, so that it knows every revocation still inside a token's lifetime.
 */
@Injectable()
export class RevocationFeed implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly revocations: RevocationList,
    @Inject(GatewayConfigRef) private readonly config: GatewayConfigRef,
  ) {}

  onApplicationBootstrap(): void {
    this.kafka.consume(
      { groupId: `gateway-revocations-${this.config.value.instanceId}-${randomUUID().slice(0, 8)}`, topics: [TOPICS.auth], fromBeginning: true },
      async (event) => this.revocations.apply(event),
    );
  }
}

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        HealthModule,
        KafkaModule.forRoot({ clientId: 'gateway', brokers: config.kafkaBrokers, topics: [TOPICS.auth] }),
      ],
      controllers: [GatewayController],
      providers: [{ provide: GatewayConfigRef, useValue: new GatewayConfigRef(config) }, RevocationList, RevocationFeed],
    };
  }
}
