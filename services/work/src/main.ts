import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startWorkService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startWorkService(config);
  process.stderr.write(`work service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`work service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
