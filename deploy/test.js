#!/usr/bin/env node
// `npm test`: one infrastructure start for the whole run (unless KAFKA_BROKERS and MONGO_URL are
// given), a type-checked build, then every workspace's jest tests (the browser test included) in
// one jest run on both cores. Ends with a line "N passed, N failed".
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { build, ROOT } = require('./build');
const { ensureConverters } = require('./converters');
const { ensureSchemathesis } = require('./schemathesis');
const { eventContractReport } = require('./event-contract');
const { freePort, startInfra } = require('./infra');

const log = (m) => process.stderr.write(`[test] ${m}\n`);

function runJest(env, args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['jest', ...args], { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** The slowest test files of the run, with their share of the workers' time: where CI's minutes go. */
function printSlowest(results, n) {
  const files = results
    .map((r) => ({ file: path.relative(ROOT, r.name), s: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s);
  const total = files.reduce((sum, f) => sum + f.s, 0);
  log(`${files.length} files, ${Math.round(total)} s of worker time; the slowest ${Math.min(n, files.length)}:`);
  for (const f of files.slice(0, n)) log(`  ${f.s.toFixed(1).padStart(6)} s  ${f.file}`);
}

async function main() {
  const started = Date.now();
  build();
  // The conversion tests run the real LibreOffice and Chromium (and the browser tests Chromium); the
  // signed-PDF tests read the PDFs with pdftotext.
  ensureConverters({ log, tests: true });
  let infra = null;
  let dataDir = null;
  const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn', KAFKAJS_NO_PARTITIONER_WARNING: '1' };
  // The API contract test drives schemathesis against the whole stack.
  env.SCHEMATHESIS_BIN ||= ensureSchemathesis({ log }) ?? '';
  if ((!env.KAFKA_BROKERS || !env.MONGO_URL) && env.SIXA_TESTCONTAINERS !== '1') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sixa-test-'));
    infra = await startInfra({ dataDir, kafkaPort: await freePort(), mongoPort: await freePort(), env });
    env.KAFKA_BROKERS = infra.brokers;
    env.MONGO_URL = infra.mongoUrl;
    log(`infrastructure up: Kafka ${infra.brokers}, database ${infra.mongoUrl}`);
  }
  const results = path.join(os.tmpdir(), `sixa-jest-${process.pid}.json`);
  // Every event published during the run is checked against libs/contracts/asyncapi.json (libs/kafka).
  const contractFile =
    env.SIXA_EVENT_CONTRACT_CHECK || path.join(os.tmpdir(), `sixa-event-contract-${process.pid}.jsonl`);
  env.SIXA_EVENT_CONTRACT_CHECK = contractFile;
  fs.rmSync(contractFile, { force: true });
  let code = 1;
  try {
    code = await runJest(env, [
      '--ci',
      '--maxWorkers=2',
      '--json',
      `--outputFile=${results}`,
      ...process.argv.slice(2),
    ]);
  } finally {
    if (infra) await infra.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  let summary = null;
  try {
    summary = JSON.parse(fs.readFileSync(results, 'utf8'));
    fs.rmSync(results, { force: true });
  } catch {
    // jest did not get as far as writing results
  }
  if (summary?.testResults) printSlowest(summary.testResults, 20);
  const violations = eventContractReport(contractFile);
  if (contractFile !== process.env.SIXA_EVENT_CONTRACT_CHECK) fs.rmSync(contractFile, { force: true });
  if (violations.length) {
    log(`events published that libs/contracts/asyncapi.json does not accept (${violations.length} kinds):`);
    for (const v of violations) log(`  ${v}`);
  }
  const passed = summary?.numPassedTests ?? 0;
  const failed =
    (summary ? summary.numFailedTests + summary.numRuntimeErrorTestSuites : 1) + (violations.length ? 1 : 0);
  log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
  process.exit(code !== 0 || failed > 0 || passed === 0 ? 1 : 0);
}

main().catch((e) => {
  log(e.stack || e.message);
  process.stdout.write('\ntests: 0 passed, 1 failed\n');
  process.exit(1);
});
