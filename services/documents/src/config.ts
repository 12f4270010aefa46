import { EnvReader, readHost } from '@sixa/observability';

export interface DocumentsConfig {
  port: number;
  /** The address to listen on (HOST): loopback unless set; containers set 0.0.0.0. */
  host: string;
  mongoUrl: string;
  mongoDb: string;
  kafkaBrokers: string[];
  demoMode: boolean;
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** Where share links open (the gateway's public origin): `<publicBaseUrl>/api/documents/shared/<token>`. */
  publicBaseUrl: string;
  trustProxyHops: number;
  logLevel: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): DocumentsConfig {
  const r = new EnvReader(env);
  return {
    port: r.int('PORT', 3004, { min: 0, max: 65535 }),
    host: readHost(r),
    mongoUrl: r.str('MONGO_URL', 'mongodb://127.0.0.1:27017'),
    mongoDb: r.str('MONGO_DB', 'documents'),
    kafkaBrokers: r.list('KAFKA_BROKERS', ['127.0.0.1:9092']),
    demoMode: r.bool('DEMO_MODE', true),
    jwksUrl: r.url('JWKS_URL', 'http://127.0.0.1:3001/auth/.well-known/jwks.json'),
    issuer: r.str('JWT_ISSUER', 'sixa-auth'),
    audience: r.str('JWT_AUDIENCE', 'sixa-api'),
    publicBaseUrl: r.url('PUBLIC_BASE_URL', 'http://localhost:8080'),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 1, { min: 0, max: 10 }),
    logLevel: r.str('LOG_LEVEL', 'info'),
  };
}
