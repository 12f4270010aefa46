// Starts every service and then the gateway as child processes against running infrastructure,
// waits for each to be ready, and returns the gateway URL and a stop(). Used by `npm start` and the
// benchmarks.
'use strict';
const path = require('node:path');
const { spawnLogged, stopChild } = require('./infra');
const { SERVICES, GATEWAY } = require('./processes');

const ROOT = path.resolve(__dirname, '..');

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
  onExit = () => {},
  onReady = () => {},
}) {
  const children = [];
  const stop = async () => {
    for (const c of [...children].reverse()) await stopChild(c.child, c.name);
  };
  const common = { ...process.env, KAFKA_BROKERS: infra.brokers, MONGO_URL: infra.mongoUrl, ...env };
  const start = async (name, entry, procEnv, url) => {
    const logFile = path.join(dataDir, 'logs', `${name}.log`);
    const child = spawnLogged('node', [path.join(ROOT, entry)], logFile, { env: procEnv });
    children.push({ name, child });
    child.once('exit', (code) => onExit(name, code));
    await waitReady(url, child, name, logFile);
    onReady(name, url);
  };
  try {
    const gatewayEnv = { ...common, PORT: String(port), WEB_DIST: path.join(ROOT, 'web', 'dist') };
    const gatewayUrl = `http://127.0.0.1:${port}`;
    const serviceUrls = Object.fromEntries(
      SERVICES.map((s) => [s.name, `http://127.0.0.1:${servicePorts[s.name] ?? s.port}`]),
    );
    for (const s of SERVICES) {
      const p = servicePorts[s.name] ?? s.port;
      const url = serviceUrls[s.name];
      gatewayEnv[`${s.name.toUpperCase()}_SERVICE_URL`] = url;
      const own = s.env ? s.env({ serviceUrls, gatewayUrl, dataDir }) : {};
      await start(
        s.name,
        s.entry,
        { ...common, PORT: String(p), JWKS_URL: `${serviceUrls.auth}/auth/.well-known/jwks.json`, ...own },
        url,
      );
    }
    await start('gateway', GATEWAY.entry, gatewayEnv, gatewayUrl);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

module.exports = { launch };
