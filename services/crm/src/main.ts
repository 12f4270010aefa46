import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startCrmService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startCrmService(config);
  process.stderr.write(`crm service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`crm service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
