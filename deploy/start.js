#!/usr/bin/env node
// `npm start`: provisions and starts the infrastructure, builds what is out of date, starts every
// service and the gateway (which serves the web client), prints the URL, and stops it all on Ctrl-C.
'use strict';
const path = require('node:path');
const { build, ROOT } = require('./build');
const { ensureConverters } = require('./converters');
const { startInfra, portOpen } = require('./infra');
const { launch } = require('./launch');
const { GATEWAY } = require('./processes');

const log = (m) => process.stderr.write(`[start] ${m}\n`);

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, '.data'));
  const port = Number(process.env.PORT || GATEWAY.port);
  if (await portOpen(port)) throw new Error(`port ${port} is in use: stop what runs there or set PORT`);

  build();
  ensureConverters({ log });
  const infra = await startInfra({
    dataDir,
    kafkaPort: Number(process.env.KAFKA_PORT || 9092),
    mongoPort: Number(process.env.MONGO_PORT || 27017),
  });
  log(`Kafka ${infra.brokers}, database ${infra.mongoUrl}, data in ${dataDir}`);

  let stack;
  let stopping = false;
  let exitedWhileLaunching = false;
  const stopAll = async (code) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    if (stack) await stack.stop();
    await infra.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
  try {
    stack = await launch({
      infra,
      port,
      dataDir,
      env: { DEMO_MODE: process.env.DEMO_MODE ?? 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      onExit: (name, code) => {
        if (stopping) return;
        log(`${name} exited (${code}); see ${dataDir}/logs/${name}.log`);
        // While launching, launch() stops what it started when it fails: stopping here first would
        // exit before it does and leave the other processes running.
        if (stack) stopAll(1);
        else exitedWhileLaunching = true;
      },
      onReady: (name, url) => log(`${name} ready on ${url}`),
    });
  } catch (e) {
    log(e.message);
    await stopAll(1);
    return;
  }
  if (exitedWhileLaunching) {
    await stopAll(1);
    return;
  }
  process.stdout.write(
    `\nSIXA workspace is running at ${stack.publicUrl}\n` +
      `Demo accounts (demo mode): admin@sixa.local / Admin123!   employee@sixa.local / Employee123!\n` +
      `API docs: ${stack.publicUrl}/api/docs   Logs: ${path.join(dataDir, 'logs')}   Ctrl-C stops everything.\n`,
  );
}

main().catch((e) => {
  log(e.message);
  process.exit(1);
});
