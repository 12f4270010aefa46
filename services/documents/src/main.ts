import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startDocumentsService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startDocumentsService(config);
  process.stderr.write(`documents service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`documents service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
