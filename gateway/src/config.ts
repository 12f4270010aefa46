import { readKafkaNamespace } from '@sixa/kafka';
import { EnvReader, readHost } from '@sixa/observability';
import { SERVICES, type ServiceName } from './routes';

export interface GatewayConfig {
  port: number;
  /** The address to listen on (HOST): loopback unless set; containers set 0.0.0.0. */
  host: string;
  /** Base URL per deployed service; a service with none is answered 503 "not available". */
  serviceUrls: Partial<Record<ServiceName, string>>;
  jwksUrl: string;
  issuer: string;
  audience: string;
  kafkaBrokers: string[];
  /** The deployment's namespace on Kafka (KAFKA_NAMESPACE): the services' events it reads are its own deployment's. */
  kafkaNamespace: string;
  demoMode: boolean;
  corsOrigins: string[];
  webDist?: string;
  logLevel: string;
  /** Proxies in front of the gateway (an ingress: 1); 0 when browsers reach it directly. */
  trustProxyHops: number;
  /** Unique per replica: each replica reads the auth events itself (revocations are per process). */
  instanceId: string;
  /** /ws/monitoring: ping period, per-client send buffer bound, connection cap. */
  ws: { heartbeatMs: number; maxBufferedBytes: number; maxClients: number };
  /**
   * Largest request body the gateway passes on, in bytes: `default` for every route, `upload` and
   * `document` for the routes that take a file (routes.ts). Larger ones are answered 413 here.
   */
  bodyLimits: { default: number; upload: number; document: number };
  /**
   * How long the gateway waits for a service's answer on the upload routes (30 s on the others): a
   * document conversion may wait its turn in the documents service's queue and then run up to
   * CONVERT_TIMEOUT_MS, so this is at least CONVERT_TIMEOUT_MS x (1 + CONVERT_QUEUE_MAX / CONVERT_CONCURRENCY).
   */
  uploadTimeoutMs: number;
  /**
   * The store where the rate-limit counts live, shared by every gateway replica (MONGO_URL, MONGO_DB).
   * Used only when the settings service (which holds the limits) is deployed.
   */
  mongoUrl: string;
  mongoDb: string;
  /** How often the rate limits are read again from the settings service (a change applies within this plus a request). */
  rateLimitsRefreshMs: number;
}

export const serviceUrlVar = (name: ServiceName) => `${name.toUpperCase()}_SERVICE_URL`;

export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const r = new EnvReader(env);
  const serviceUrls: Partial<Record<ServiceName, string>> = {};
  for (const s of SERVICES) {
    const fallback = s.name === 'auth' ? 'http://127.0.0.1:3001' : undefined;
    const v = r.optional(serviceUrlVar(s.name)) ?? fallback;
    if (v) serviceUrls[s.name] = r.url(serviceUrlVar(s.name), v);
  }
  return {
    port: r.int('PORT', 8080, { min: 0, max: 65535 }),
    host: readHost(r),
    serviceUrls,
    jwksUrl: r.url('JWKS_URL', `${serviceUrls.auth}/auth/.well-known/jwks.json`),
    issuer: r.str('JWT_ISSUER', 'sixa-auth'),
    audience: r.str('JWT_AUDIENCE', 'sixa-api'),
    kafkaBrokers: r.list('KAFKA_BROKERS', ['127.0.0.1:9092']),
    kafkaNamespace: readKafkaNamespace(r),
    demoMode: r.bool('DEMO_MODE', true),
    corsOrigins: r.list('CORS_ORIGINS', []),
    webDist: r.optional('WEB_DIST'),
    logLevel: r.str('LOG_LEVEL', 'info'),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 0, { min: 0, max: 10 }),
    instanceId: r.str('INSTANCE_ID', `${process.env.HOSTNAME ?? 'gateway'}-${process.pid}`),
    ws: {
      heartbeatMs: r.int('WS_HEARTBEAT_MS', 30_000, { min: 100 }),
      maxBufferedBytes: r.int('WS_MAX_BUFFERED_BYTES', 1024 * 1024, { min: 1024 }),
      maxClients: r.int('WS_MAX_CLIENTS', 10_000, { min: 1 }),
    },
    bodyLimits: {
      default: r.int('BODY_LIMIT_BYTES', 1024 * 1024, { min: 1024 }),
      // The crm service reads at most 5 MB per request: a larger file could not be imported anyway.
      upload: r.int('UPLOAD_BODY_LIMIT_BYTES', 5 * 1024 * 1024, { min: 1024 }),
      // POST /documents/convert and /verify: a file of the documents service's CONVERT_MAX_BYTES
      // (10 MiB) is 13.4 MiB in base64, plus the other JSON fields. Keep it between 4/3 of
      // CONVERT_MAX_BYTES + 64 KiB and the documents service's own body limit (4/3 of it + 1 MiB).
      document: r.int('DOCUMENT_BODY_LIMIT_BYTES', 14 * 1024 * 1024, { min: 1024 }),
    },
    uploadTimeoutMs: r.int('UPLOAD_TIMEOUT_MS', 180_000, { min: 1000 }),
    mongoUrl: r.str('MONGO_URL', 'mongodb://127.0.0.1:27017'),
    mongoDb: r.str('MONGO_DB', 'gateway'),
    rateLimitsRefreshMs: r.int('RATE_LIMITS_REFRESH_MS', 2000, { min: 100, max: 60_000 }),
  };
}
