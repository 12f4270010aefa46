import { readKafkaNamespace } from '@sixa/kafka';
import { EnvReader, readHost } from '@sixa/observability';

/** What every service reads the same way; a service's own config extends it with its fields. */
export interface BaseServiceConfig {
  port: number;
  /** The address to listen on (HOST): loopback unless set; containers set 0.0.0.0. */
  host: string;
  mongoUrl: string;
  mongoDb: string;
  kafkaBrokers: string[];
  /** The deployment's namespace on Kafka (KAFKA_NAMESPACE): its topics and consumer groups, no other's. */
  kafkaNamespace: string;
  issuer: string;
  audience: string;
  /** Proxies in front whose X-Forwarded-For counts: 1, the gateway (which sets it to the client's address). */
  trustProxyHops: number;
  logLevel: string;
}

/** A service that checks tokens with the auth service's public keys (every one but auth). */
export interface ServiceConfig extends BaseServiceConfig {
  jwksUrl: string;
}

/** What differs between services in the shared part: the port they listen on and their database. */
export interface ServiceDefaults {
  port: number;
  db: string;
}

/** The shared part of a service's configuration, without the key set's address (auth signs with its own). */
export function readBaseServiceConfig(r: EnvReader, defaults: ServiceDefaults): BaseServiceConfig {
  return {
    port: r.int('PORT', defaults.port, { min: 0, max: 65535 }),
    host: readHost(r),
    mongoUrl: r.str('MONGO_URL', 'mongodb://127.0.0.1:27017'),
    mongoDb: r.str('MONGO_DB', defaults.db),
    kafkaBrokers: r.list('KAFKA_BROKERS', ['127.0.0.1:9092']),
    kafkaNamespace: readKafkaNamespace(r),
    issuer: r.str('JWT_ISSUER', 'sixa-auth'),
    audience: r.str('JWT_AUDIENCE', 'sixa-api'),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 1, { min: 0, max: 10 }),
    logLevel: r.str('LOG_LEVEL', 'info'),
  };
}

/** The shared part of a service's configuration, with where the auth service publishes its public keys. */
export function readServiceConfig(r: EnvReader, defaults: ServiceDefaults): ServiceConfig {
  return {
    ...readBaseServiceConfig(r, defaults),
    jwksUrl: r.url('JWKS_URL', 'http://127.0.0.1:3001/auth/.well-known/jwks.json'),
  };
}

/**
 * A service's configuration as its providers inject it: each service declares its own subclass
 * (`class CrmConfigRef extends ConfigRef<CrmConfig> {}`), the token its classes ask for.
 */
export class ConfigRef<C extends BaseServiceConfig> {
  constructor(readonly value: C) {}
}
