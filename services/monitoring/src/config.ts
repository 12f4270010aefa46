import { ConfigError, EnvReader, readHost } from '@sixa/observability';
import { parseTargets } from './metrics/probes';

export interface MonitoringConfig {
  port: number;
  /** The address to listen on (HOST): loopback unless set; containers set 0.0.0.0. */
  host: string;
  mongoUrl: string;
  mongoDb: string;
  kafkaBrokers: string[];
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** Sampling period (spec: status every 10 s). */
  sampleIntervalMs: number;
  /** Off: no sampling at all (tests that feed their own series). The deployment keeps it on. */
  samplerEnabled: boolean;
  /** Samples older than this are removed (charts reach back 7 days). */
  retentionHours: number;
  /** The data volume whose usage is reported as disk %. */
  diskPath: string;
  /** Services (and the gateway) whose /health is probed, `name=url,...`. */
  probeTargets: Array<{ target: string; url: string }>;
  /** The gateways' /metrics, read for the API response time. */
  gatewayMetricsUrls: string[];
  probeTimeoutMs: number;
  /** Optional OpenAI-compatible endpoint that adds a narrative to analyses. */
  llm: { url: string; apiKey: string; model: string; timeoutMs: number } | null;
  /** Where /proc and the cgroup files are (tests point them at fixtures). */
  procRoot: string;
  cgroupRoot: string;
  trustProxyHops: number;
  logLevel: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): MonitoringConfig {
  const r = new EnvReader(env);
  let probeTargets: MonitoringConfig['probeTargets'];
  try {
    probeTargets = parseTargets(
      r.str('PROBE_TARGETS', 'auth=http://127.0.0.1:3001,crm=http://127.0.0.1:3002,gateway=http://127.0.0.1:8080'),
    );
  } catch (e) {
    throw new ConfigError(`PROBE_TARGETS must be name=url pairs separated by commas: ${(e as Error).message}`);
  }
  const llmUrl = r.optional('LLM_API_URL');
  return {
    port: r.int('PORT', 3008, { min: 0, max: 65535 }),
    host: readHost(r),
    mongoUrl: r.str('MONGO_URL', 'mongodb://127.0.0.1:27017'),
    mongoDb: r.str('MONGO_DB', 'monitoring'),
    kafkaBrokers: r.list('KAFKA_BROKERS', ['127.0.0.1:9092']),
    jwksUrl: r.url('JWKS_URL', 'http://127.0.0.1:3001/auth/.well-known/jwks.json'),
    issuer: r.str('JWT_ISSUER', 'sixa-auth'),
    audience: r.str('JWT_AUDIENCE', 'sixa-api'),
    sampleIntervalMs: r.int('SAMPLE_INTERVAL_MS', 10_000, { min: 100 }),
    samplerEnabled: r.bool('SAMPLER_ENABLED', true),
    retentionHours: r.int('SAMPLE_RETENTION_HOURS', 7 * 24, { min: 1, max: 24 * 90 }),
    diskPath: r.str('DISK_PATH', process.cwd()),
    probeTargets,
    gatewayMetricsUrls: r.list('GATEWAY_METRICS_URLS', ['http://127.0.0.1:8080/metrics']),
    probeTimeoutMs: r.int('PROBE_TIMEOUT_MS', 2000, { min: 50, max: 30_000 }),
    llm: llmUrl
      ? {
          url: r.url('LLM_API_URL'),
          apiKey: r.str('LLM_API_KEY'),
          model: r.str('LLM_MODEL', 'gpt-4o-mini'),
          timeoutMs: r.int('LLM_TIMEOUT_MS', 15_000, { min: 1000 }),
        }
      : null,
    procRoot: r.str('PROC_ROOT', '/proc'),
    cgroupRoot: r.str('CGROUP_ROOT', '/sys/fs/cgroup'),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 1, { min: 0, max: 10 }),
    logLevel: r.str('LOG_LEVEL', 'info'),
  };
}
