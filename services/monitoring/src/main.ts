import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startMonitoringService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startMonitoringService(config);
  process.stderr.write(`monitoring service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`monitoring service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
