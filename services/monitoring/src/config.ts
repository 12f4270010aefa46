import { ConfigError, EnvReader } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';
import { parseTargets } from './metrics/probes';

export interface MonitoringConfig extends ServiceConfig {
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
    ...readServiceConfig(r, { port: 3008, db: 'monitoring' }),
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
  };
}
