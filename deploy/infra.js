#!/usr/bin/env node
// Provisions and runs the local infrastructure: Apache Kafka (single-node KRaft, jars from Maven
// Central, run with the machine's Java) and FerretDB (MongoDB wire protocol on SQLite, built with Go).
// Everything is cached under .cache/ and idempotent; data lives under the folder you give.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE = process.env.SIXA_CACHE_DIR || path.join(ROOT, '.cache');
const KAFKA_VERSION = '3.9.1';

function log(msg) {
  process.stderr.write(`[infra] ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opts });
  if (r.error) throw new Error(`${cmd} could not run: ${r.error.message}`);
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${r.status}):\n${(r.stdout || '').slice(-2000)}\n${(r.stderr || '').slice(-2000)}`,
    );
  return r.stdout;
}

function fileHash(files) {
  const h = crypto.createHash('sha256');
  for (const f of files) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/** Kafka's jars, resolved once with Maven into .cache/kafka-<version>/lib. */
function provisionKafka() {
  const dir = path.join(CACHE, `kafka-${KAFKA_VERSION}`);
  const lib = path.join(dir, 'lib');
  const stamp = path.join(dir, '.complete');
  if (fs.existsSync(stamp)) return lib;
  log(`fetching Kafka ${KAFKA_VERSION} jars with Maven (once)...`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  run('mvn', [
    '-q',
    '-B',
    '-f',
    path.join(__dirname, 'kafka', 'pom.xml'),
    'dependency:copy-dependencies',
    `-DoutputDirectory=${lib}`,
    '-DincludeScope=runtime',
    `-Dkafka.version=${KAFKA_VERSION}`,
  ]);
  fs.writeFileSync(stamp, new Date().toISOString());
  return lib;
}

/** FerretDB, built once from deploy/ferretdb (rebuilt when its sources change). */
function provisionFerret() {
  const src = path.join(__dirname, 'ferretdb');
  const hash = fileHash(['main.go', 'go.mod', 'go.sum'].map((f) => path.join(src, f)));
  const bin = path.join(CACHE, 'bin', `ferretdb-local-${hash}`);
  if (fs.existsSync(bin)) return bin;
  log('building FerretDB v1.24 with Go (once, about a minute)...');
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  run('go', ['build', '-o', bin, '.'], { cwd: src, env: { ...process.env, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' } });
  return bin;
}

function provision() {
  return { kafkaLib: provisionKafka(), ferretBin: provisionFerret() };
}

/** A TCP port nobody listens on right now. */
// Ports handed out by this process: two callers never get the same one.
const handedOut = new Set();

/** The kernel's ephemeral range (outgoing connections take their local ports from it). */
function ephemeralRange() {
  try {
    const [low, high] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low > 0 && high >= low) return { low, high };
  } catch {
    // not Linux: the IANA range
  }
  return { low: 49152, high: 65535 };
}

function bindable(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on loopback now, for a process whose address must be known before it starts.
 * Chosen below the ephemeral range: a port from listen(0) is released before its process binds it,
 * and meanwhile any outgoing connection (a Kafka or MongoDB client starting) may take it as its
 * local port (EADDRINUSE). Below the range only another listener can, and those pick at random.
 */
async function freePort() {
  const { low } = ephemeralRange();
  const top = Math.max(low, 12000);
  const bottom = Math.max(1024, top - 12000);
  for (let i = 0; i < 200; i++) {
    const port = bottom + crypto.randomInt(top - bottom);
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port found between ${bottom} and ${top}`);
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function waitForPort(port, what, child, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}; see its log`);
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not open port ${port} within ${timeoutMs / 1000} s`);
}

function spawnLogged(cmd, args, logFile, opts = {}) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], detached: false, ...opts });
  fs.closeSync(out);
  return child;
}

function stopChild(child, name, timeoutMs = 15_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode) return resolve();
    const t = setTimeout(() => {
      log(`${name} did not stop in time; killing`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts a single-node KRaft broker; formats its storage on first use. */
async function startKafka({ port, controllerPort = port + 1, dataDir, lib = provisionKafka(), heapMb = 512 }) {
  if (await portOpen(port))
    throw new Error(`port ${port} is already in use: set KAFKA_PORT, or KAFKA_BROKERS to use a running Kafka`);
  const logDir = path.join(dataDir, 'kafka');
  fs.mkdirSync(logDir, { recursive: true });
  const props = path.join(dataDir, 'kafka-server.properties');
  fs.writeFileSync(
    props,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      'inter.broker.listener.name=PLAINTEXT',
      `log.dirs=${logDir}`,
      'num.partitions=3',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=10',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=true',
      'log.retention.hours=168',
      '',
    ].join('\n'),
  );
  const log4j = `-Dlog4j.configuration=file:${path.join(__dirname, 'kafka', 'log4j.properties')}`;
  const cp = `${lib}/*`;
  if (!fs.existsSync(path.join(logDir, 'meta.properties'))) {
    const clusterId = run('java', ['-cp', cp, log4j, 'kafka.tools.StorageTool', 'random-uuid'])
      .trim()
      .split('\n')
      .pop();
    run('java', ['-cp', cp, log4j, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props]);
  }
  const child = spawnLogged(
    'java',
    [
      `-Xmx${heapMb}m`,
      `-Xms${Math.min(256, heapMb)}m`,
      '-XX:+UseG1GC',
      '-XX:TieredStopAtLevel=1',
      '-Djava.awt.headless=true',
      log4j,
      '-cp',
      cp,
      'kafka.Kafka',
      props,
    ],
    path.join(dataDir, 'logs', `kafka-${port}.log`),
  );
  await waitForPort(port, 'Kafka', child, 90_000);
  return { brokers: `127.0.0.1:${port}`, child, stop: () => stopChild(child, 'Kafka') };
}

async function startFerret({ port, dataDir, bin = provisionFerret() }) {
  if (await portOpen(port))
    throw new Error(`port ${port} is already in use: set MONGO_PORT, or MONGO_URL to use a running database`);
  const child = spawnLogged(
    bin,
    ['-listen-addr', `127.0.0.1:${port}`, '-sqlite-dir', path.join(dataDir, 'ferretdb')],
    path.join(dataDir, 'logs', `ferretdb-${port}.log`),
  );
  await waitForPort(port, 'FerretDB', child, 30_000);
  return { url: `mongodb://127.0.0.1:${port}`, child, stop: () => stopChild(child, 'FerretDB') };
}

/**
 * Starts what is missing: with KAFKA_BROKERS / MONGO_URL set, those are used as they are.
 * Returns the addresses and a stop() for what this call started.
 */
async function startInfra({ dataDir, kafkaPort = 9092, mongoPort = 27017, env = process.env } = {}) {
  fs.mkdirSync(dataDir, { recursive: true });
  const started = [];
  try {
    const tasks = [];
    let brokers = env.KAFKA_BROKERS;
    let mongoUrl = env.MONGO_URL;
    const { kafkaLib, ferretBin } = {
      kafkaLib: brokers ? null : provisionKafka(),
      ferretBin: mongoUrl ? null : provisionFerret(),
    };
    if (!brokers)
      tasks.push(
        startKafka({ port: kafkaPort, dataDir, lib: kafkaLib }).then((k) => {
          started.push(k);
          brokers = k.brokers;
        }),
      );
    if (!mongoUrl)
      tasks.push(
        startFerret({ port: mongoPort, dataDir, bin: ferretBin }).then((f) => {
          started.push(f);
          mongoUrl = f.url;
        }),
      );
    await Promise.all(tasks);
    return {
      brokers,
      mongoUrl,
      stop: async () => {
        await Promise.all(started.map((s) => s.stop()));
      },
    };
  } catch (e) {
    await Promise.all(started.map((s) => s.stop()));
    throw e;
  }
}

module.exports = {
  freePort,
  provision,
  provisionKafka,
  provisionFerret,
  startKafka,
  startFerret,
  startInfra,
  portOpen,
  waitForPort,
  stopChild,
  spawnLogged,
  ROOT,
  CACHE,
};

if (require.main === module) {
  // `npm run infra`: provision and run the infrastructure alone, until Ctrl-C.
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, '.data'));
  startInfra({
    dataDir,
    kafkaPort: Number(process.env.KAFKA_PORT || 9092),
    mongoPort: Number(process.env.MONGO_PORT || 27017),
  })
    .then((infra) => {
      log(`Kafka ${infra.brokers}, database ${infra.mongoUrl}, data in ${dataDir}. Ctrl-C stops.`);
      const stop = () => infra.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((e) => {
      log(e.message);
      process.exit(1);
    });
}
