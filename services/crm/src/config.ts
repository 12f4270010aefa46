import { EnvReader, readHost, readPublicUrl } from '@sixa/observability';

export interface CrmConfig {
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
  /** Secret: signs the customer's quote links. */
  quoteLinkSecret: string;
  /** The product's address (PUBLIC_URL): customers open quote links on it, `<publicUrl>/quote/<token>`. */
  publicUrl: string;
  /** How often sent quotes are checked for expiry (the expiry time itself is stored per quote). */
  expirySweepMs: number;
  trustProxyHops: number;
  logLevel: string;
  /** The documents deployment whose signed quote documents this crm accepts quotes from (its MONGO_DB). */
  documentsDb: string;
  /** The settings deployment whose system settings crm applies (its database's name). */
  settingsDb: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): CrmConfig {
  const r = new EnvReader(env);
  const demoMode = r.bool('DEMO_MODE', true);
  return {
    port: r.int('PORT', 3002, { min: 0, max: 65535 }),
    host: readHost(r),
    mongoUrl: r.str('MONGO_URL', 'mongodb://127.0.0.1:27017'),
    mongoDb: r.str('MONGO_DB', 'crm'),
    kafkaBrokers: r.list('KAFKA_BROKERS', ['127.0.0.1:9092']),
    demoMode,
    jwksUrl: r.url('JWKS_URL', 'http://127.0.0.1:3001/auth/.well-known/jwks.json'),
    issuer: r.str('JWT_ISSUER', 'sixa-auth'),
    audience: r.str('JWT_AUDIENCE', 'sixa-api'),
    // Outside demo mode a real secret is required: quote links must not be forgeable.
    quoteLinkSecret: demoMode ? r.str('QUOTE_LINK_SECRET', 'local-demo-quote-link-secret') : r.str('QUOTE_LINK_SECRET'),
    publicUrl: readPublicUrl(r, ['PUBLIC_BASE_URL']),
    expirySweepMs: r.int('QUOTE_EXPIRY_SWEEP_MS', 30_000, { min: 100 }),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 1, { min: 0, max: 10 }),
    logLevel: r.str('LOG_LEVEL', 'info'),
    documentsDb: r.str('DOCUMENTS_DB', 'documents'),
    settingsDb: r.str('SETTINGS_DB', 'settings'),
  };
}
