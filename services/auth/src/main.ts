import 'reflect-metadata';
import { exitOnConfigError } from '@sixa/observability';
import { startAuthService } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { url } = await startAuthService(config);
  process.stderr.write(`auth service listening on ${url}\n`);
}

main().catch((e) => {
  exitOnConfigError(e);
  process.stderr.write(`auth service failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
