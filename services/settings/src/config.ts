import { EnvReader, readHost } from '@sixa/observability';

export interface SettingsConfig {
  port: number;
  /** The address to listen on (HOST): loopback unless set; containers set 0.0.0.0. */
  host: string;
  mongoUrl: string;
  mongoDb: string;
  kafkaBrokers: string[];
  jwksUrl: string;
  issuer: string;
  audience: string;
  trustProxyHops: number;
  logLevel: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): SettingsConfig {
  const r = new EnvReader(env);
  return {
    port: r.int('PORT', 3006, { min: 0, max: 65535 }),
    host: readHost(r),
    mongoUrl: r.str('MONGO_URL', 'mongodb://127.0.0.1:27017'),
    mongoDb: r.str('MONGO_DB', 'settings'),
    kafkaBrokers: r.list('KAFKA_BROKERS', ['127.0.0.1:9092']),
    jwksUrl: r.url('JWKS_URL', 'http://127.0.0.1:3001/auth/.well-known/jwks.json'),
    issuer: r.str('JWT_ISSUER', 'sixa-auth'),
    audience: r.str('JWT_AUDIENCE', 'sixa-api'),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 1, { min: 0, max: 10 }),
    logLevel: r.str('LOG_LEVEL', 'info'),
  };
}
