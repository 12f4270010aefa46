// Starts every service and then the gateway as child processes against running infrastructure,
// waits for each to be ready, and returns the gateway URL and a stop(). Used by `npm start` and the
// benchmarks.
'use strict';
const path = require('node:path');
const { spawnLogged, stopChild } = require('./infra');
const { SERVICES, GATEWAY, LOOPBACK, publicUrlOf } = require('./processes');

const ROOT = path.resolve(__dirname, '..');

/** The URL that reaches, from this machine, a process listening on `host`. */
function localUrl(host, port) {
  const wildcard = ['0.0.0.0', '::', 'localhost'].includes(host);
  return `http://${wildcard ? LOOPBACK : host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The environment a service runs with: the shared one, its address, and what its line in processes.js adds. */
function serviceEnv(service, { common, port, serviceUrls, gatewayUrl, publicUrl, dataDir }) {
  const own = service.env ? service.env({ serviceUrls, gatewayUrl, publicUrl, dataDir }) : {};
  return {
    ...common,
    HOST: LOOPBACK,
    PORT: String(port),
    JWKS_URL: `${serviceUrls.auth}/auth/.well-known/jwks.json`,
    ...own,
  };
}

async function waitReady(url, child, name, logFile, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; see ${logFile}`);
}

async function launch({
  infra,
  port = GATEWAY.port,
  dataDir,
  env = {},
  servicePorts = {},
  // The services to run (all when unset): a benchmark of one path can leave the others out.
  only = null,
  onExit = () => {},
  onReady = () => {},
}) {
  const children = [];
  const stop = async () => {
    for (const c of [...children].reverse()) await stopChild(c.child, c.name);
  };
  const common = { ...process.env, KAFKA_BROKERS: infra.brokers, MONGO_URL: infra.mongoUrl, ...env };
  // One address for every link that leaves the product, the same in every process.
  const publicUrl = publicUrlOf(common, port);
  common.PUBLIC_URL = publicUrl;
  // The gateway listens where HOST says (loopback unless set). The services always listen on the
  // loopback interface: only the gateway, on this machine, calls them, and a HOST inherited from the
  // shell must not put them on the network past the gateway's checks.
  const gatewayHost = common.HOST || LOOPBACK;
  const start = async (name, entry, procEnv, url) => {
    const logFile = path.join(dataDir, 'logs', `${name}.log`);
    // SIXA_CPU_PROF_DIR: each process writes a V8 CPU profile there when it stops (for `npm run bench`).
    const profile = process.env.SIXA_CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SIXA_CPU_PROF_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [];
    const child = spawnLogged('node', [...profile, path.join(ROOT, entry)], logFile, { env: procEnv });
    children.push({ name, child });
    child.once('exit', (code) => onExit(name, code));
    await waitReady(url, child, name, logFile);
    onReady(name, url);
  };
  try {
    const gatewayEnv = { ...common, HOST: gatewayHost, PORT: String(port), WEB_DIST: path.join(ROOT, 'web', 'dist') };
    const gatewayUrl = localUrl(gatewayHost, port);
    const serviceUrls = Object.fromEntries(
      SERVICES.map((s) => [s.name, localUrl(LOOPBACK, servicePorts[s.name] ?? s.port)]),
    );
    for (const s of SERVICES) {
      if (s.demoOnly && common.DEMO_MODE === 'false') continue;
      if (only && !only.includes(s.name)) continue;
      const p = servicePorts[s.name] ?? s.port;
      const url = serviceUrls[s.name];
      if (s.routed !== false) gatewayEnv[`${s.name.toUpperCase()}_SERVICE_URL`] = url;
      await start(
        s.name,
        s.entry,
        serviceEnv(s, { common, port: p, serviceUrls, gatewayUrl, publicUrl, dataDir }),
        url,
      );
    }
    await start('gateway', GATEWAY.entry, gatewayEnv, gatewayUrl);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: localUrl(gatewayHost, port), publicUrl, stop };
}

module.exports = { launch, serviceEnv, localUrl };
