import { infra } from '@sixa/testing';
import { loadConfig, serviceUrlVar, type GatewayConfig } from '../src/config';
import { startGateway } from '../src/main';
import type { ServiceName } from '../src/routes';

/**
 * A gateway in front of a test's services, on the test's Kafka and namespace: `api` is its `/api`,
 * where the browser's calls go. Auth is required (it signs the tokens the gateway checks); `env` adds
 * variables (a store for the rate-limit counts), `overrides` settles the configuration read.
 */
export async function startTestGateway(
  services: Partial<Record<ServiceName, string>> & { auth: string },
  opts: { port?: number; env?: Record<string, string>; overrides?: Partial<GatewayConfig> } = {},
) {
  const env: Record<string, string> = {
    KAFKA_BROKERS: infra().brokers.join(','),
    KAFKA_NAMESPACE: infra().namespace,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  for (const [name, url] of Object.entries(services)) if (url) env[serviceUrlVar(name as ServiceName)] = url;
  const gateway = await startGateway({ ...loadConfig(env), port: opts.port ?? 0, ...opts.overrides });
  return { ...gateway, api: `${gateway.url}/api` };
}
