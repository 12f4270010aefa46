import { type DynamicModule, Module } from '@nestjs/common';
import { REVOCATION_GROUP, RevocationFeed, RevocationList } from '@sixa/auth';
import { TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { HealthModule } from '@sixa/observability';
import { AccessTokenChecker, SigningKeys } from './access-tokens';
import type { GatewayConfig } from './config';
import { GatewayConfigRef } from './config.provider';
import { GatewayController } from './gateway.controller';
import { MonitoringHub } from './monitoring-hub';
import { OpenApiAggregator } from './openapi';
import { PresencePublisher } from './presence';
import { ApiProxy } from './proxy';
import { RateLimiter } from './rate-limits';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        HealthModule,
        KafkaModule.forRoot({
          clientId: 'gateway',
          brokers: config.kafkaBrokers,
          namespace: config.kafkaNamespace,
          topics: [TOPICS.auth, TOPICS.monitoring, TOPICS.monitoringStatus, TOPICS.presence],
        }),
      ],
      controllers: [GatewayController],
      providers: [
        { provide: GatewayConfigRef, useValue: new GatewayConfigRef(config) },
        RevocationList,
        { provide: REVOCATION_GROUP, useValue: `gateway-revocations-${config.instanceId}` },
        RevocationFeed,
        SigningKeys,
        AccessTokenChecker,
        // Attached to Fastify by startGateway (main.ts).
        ApiProxy,
        MonitoringHub,
        OpenApiAggregator,
        PresencePublisher,
        RateLimiter,
      ],
    };
  }
}
