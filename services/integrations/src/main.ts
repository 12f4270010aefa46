import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startIntegrationsService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startIntegrationsService(config);
  process.stderr.write(`integrations service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`integrations service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
