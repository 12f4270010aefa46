import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { AuthModule, type AuthModuleExtras, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import type { ServiceName } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { HealthModule } from '@sixa/observability';
import type { BaseServiceConfig, ConfigRef, ServiceConfig } from './service-config';

interface ServiceModuleBase {
  service: ServiceName;
  /** Topics the service publishes to or reads: created at start when missing. */
  topics: string[];
  /** The service's domain modules. */
  imports?: NonNullable<DynamicModule['imports']>;
  controllers?: Type[];
  providers?: Provider[];
}

/** A service that checks tokens with the auth service's keys and follows its revocations. */
interface TokenCheckingService extends ServiceModuleBase {
  config: ConfigRef<ServiceConfig>;
}

/** The auth service: it verifies with its own keys and checks accounts against its own records. */
interface TokenIssuingService extends ServiceModuleBase {
  config: ConfigRef<BaseServiceConfig>;
  ownKeys: AuthModuleExtras;
}

export type ServiceModuleOptions = TokenCheckingService | TokenIssuingService;

/**
 * The root module of a service: its store (MongoModule), Kafka, token checks (with the revocation
 * feed), health and metrics; the service adds its domain modules and providers. The configuration
 * reaches every module of the service: the root is global and exports it.
 */
@Module({})
export class ServiceModule {
  static register(options: ServiceModuleOptions): DynamicModule {
    const config = options.config.value;
    const configRef = { provide: options.config.constructor, useValue: options.config };
    return {
      module: ServiceModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: options.service,
          brokers: config.kafkaBrokers,
          namespace: config.kafkaNamespace,
          topics: options.topics,
        }),
        'ownKeys' in options
          ? AuthModule.forRoot({ issuer: config.issuer, audience: config.audience }, options.ownKeys)
          : AuthModule.forRoot({
              issuer: config.issuer,
              audience: config.audience,
              jwksUrl: options.config.value.jwksUrl,
            }),
        ...(options.imports ?? []),
      ],
      controllers: options.controllers ?? [],
      providers: [
        configRef,
        ...('ownKeys' in options ? [] : revocationFeed(options.service)),
        ...(options.providers ?? []),
      ],
      global: true,
      exports: [configRef.provide],
    };
  }
}

/** Each process reads the revocations with a consumer group of its own. */
function revocationFeed(service: ServiceName): Provider[] {
  return [{ provide: REVOCATION_GROUP, useValue: `${service}-revocations-${process.pid}` }, RevocationFeed];
}
