import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@sixa/contracts';
import { ConfigError, createHttpApp, exitOnConfigError, listen } from '@sixa/observability';
import type { BaseServiceConfig } from './service-config';

export interface StartServiceOptions {
  service: ServiceName;
  config: BaseServiceConfig;
  /** What the service's OpenAPI document says it serves. */
  description: string;
  bodyLimitBytes?: number;
  /** Anything the service adds to the app before it listens (a content-type parser). */
  beforeListen?: (app: NestFastifyApplication) => void;
}

export interface StartedService {
  app: NestFastifyApplication;
  url: string;
}

/**
 * Builds a service's app on its root module (ServiceModule) with what every process shares (logs,
 * validation, the exception filter, metrics, shutdown hooks, its OpenAPI document) and starts it;
 * tests call it with their own configuration and port 0.
 */
export async function startService(module: DynamicModule, opts: StartServiceOptions): Promise<StartedService> {
  const { config, service } = opts;
  const app = await createHttpApp(module, {
    service,
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    bodyLimitBytes: opts.bodyLimitBytes,
    openApi: { title: service, description: opts.description },
  });
  opts.beforeListen?.(app);
  const url = await listen(app, config.port, config.host);
  return { app, url };
}

/**
 * A service's `main`: reads its configuration (a bad variable stops the process with a message naming
 * it, exit code 78), starts it and says where it listens; any other failure to start exits with 1.
 */
export function runService<C extends BaseServiceConfig>(
  service: ServiceName,
  loadConfig: () => C,
  start: (config: C) => Promise<StartedService>,
): void {
  const main = async () => {
    const { url } = await start(loadConfig());
    process.stderr.write(`${service} service listening on ${url}\n`);
  };
  main().catch((e: unknown) => {
    // exitOnConfigError rethrows anything else: the line below says so instead of an unhandled rejection.
    if (e instanceof ConfigError) exitOnConfigError(e);
    process.stderr.write(`${service} service failed to start: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
