#!/usr/bin/env node
// `npm start`: provisions and starts the infrastructure, builds what is out of date, starts every
// service and the gateway (which serves the web client), prints the URL, and stops it all on Ctrl-C.
'use strict';
const path = require('node:path');
const { build, ROOT } = require('./build');
const { startInfra, spawnLogged, stopChild, portOpen } = require('./infra');
const { SERVICES, GATEWAY } = require('./processes');

const log = (m) => process.stderr.write(`[start] ${m}\n`);

async function waitReady(url, child, name, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}; see .data/logs/${name}.log`);
    try {
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; see .data/logs/${name}.log`);
}

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, '.data'));
  const port = Number(process.env.PORT || GATEWAY.port);
  if (await portOpen(port)) throw new Error(`port ${port} is in use: stop what runs there or set PORT`);

  build();
  const infra = await startInfra({
    dataDir,
    kafkaPort: Number(process.env.KAFKA_PORT || 9092),
    mongoPort: Number(process.env.MONGO_PORT || 27017),
  });
  log(`Kafka ${infra.brokers}, database ${infra.mongoUrl}, data in ${dataDir}`);

  const children = [];
  let stopping = false;
  const stopAll = async (code) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    for (const c of [...children].reverse()) await stopChild(c.child, c.name);
    await infra.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));

  const common = {
    ...process.env,
    KAFKA_BROKERS: infra.brokers,
    MONGO_URL: infra.mongoUrl,
    DEMO_MODE: process.env.DEMO_MODE ?? 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  try {
    const gatewayEnv = { ...common, PORT: String(port), WEB_DIST: path.join(ROOT, 'web', 'dist') };
    for (const s of SERVICES) {
      const url = `http://127.0.0.1:${s.port}`;
      const child = spawnLogged('node', [path.join(ROOT, s.entry)], path.join(dataDir, 'logs', `${s.name}.log`), {
        env: { ...common, PORT: String(s.port) },
      });
      children.push({ name: s.name, child });
      child.once('exit', (code) => !stopping && (log(`${s.name} exited (${code}); see ${dataDir}/logs/${s.name}.log`), stopAll(1)));
      gatewayEnv[`${s.name.toUpperCase()}_SERVICE_URL`] = url;
      await waitReady(url, child, s.name);
      log(`${s.name} ready on ${url}`);
    }
    const gateway = spawnLogged('node', [path.join(ROOT, GATEWAY.entry)], path.join(dataDir, 'logs', 'gateway.log'), { env: gatewayEnv });
    children.push({ name: 'gateway', child: gateway });
    gateway.once('exit', (code) => !stopping && (log(`gateway exited (${code}); see ${dataDir}/logs/gateway.log`), stopAll(1)));
    await waitReady(`http://127.0.0.1:${port}`, gateway, 'gateway');
  } catch (e) {
    log(e.message);
    await stopAll(1);
    return;
  }
  process.stdout.write(
    `\nSIXA workspace is running at http://localhost:${port}\n` +
      `Demo accounts (demo mode): admin@sixa.local / Admin123!   employee@sixa.local / Employee123!\n` +
      `API docs: http://localhost:${port}/api/docs   Logs: ${path.join(dataDir, 'logs')}   Ctrl-C stops everything.\n`,
  );
}

main().catch((e) => {
  log(e.message);
  process.exit(1);
});
