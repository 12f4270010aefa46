import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startSettingsService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startSettingsService(config);
  process.stderr.write(`settings service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`settings service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
