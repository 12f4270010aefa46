import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startAssistantService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startAssistantService(config);
  process.stderr.write(`assistant service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`assistant service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
