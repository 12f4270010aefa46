import { loadSandboxConfig, SandboxProvider } from './server';

async function main() {
  const sandbox = await new SandboxProvider(loadSandboxConfig()).start();
  process.stderr.write(`sandbox provider listening on ${sandbox.url}\n`);
  const stop = () => void sandbox.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  process.stderr.write(`sandbox provider failed to start: ${e instanceof Error ? e.stack : e}\n`);
  process.exit(1);
});
