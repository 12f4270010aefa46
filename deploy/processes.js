// The product's processes for `npm start`: one line per service. The gateway gets
// `<NAME>_SERVICE_URL` for each, so adding a service here also routes to it (see gateway/src/routes.ts).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

/**
 * The key the integrations service seals secrets with, made once per data folder (kept beside the
 * data it protects, never in the repository): restarting keeps the connections' tokens readable.
 */
function localIntegrationsKey(dataDir) {
  const file = path.join(dataDir, 'integrations.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `local:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * PUBLIC_URL, the one address every link that leaves the product is built on (quote, signing and
 * share links, calendar feeds, OAuth redirects, password resets): the one `npm start` prints, unless
 * PUBLIC_URL says otherwise (a LAN address, a tunnel). Every process gets it (launch.js).
 */
const publicUrlOf = (env, gatewayPort) => (env.PUBLIC_URL || `http://localhost:${gatewayPort}`).replace(/\/+$/, '');

const SERVICES = [
  {
    // A provider to connect to without the internet (OAuth 2.0 server and a CRM API): demo mode
    // only, not behind the gateway (the browser reaches its consent page directly).
    name: 'sandbox-provider',
    entry: 'services/sandbox-provider/dist/main.js',
    port: 3010,
    demoOnly: true,
    routed: false,
    // It sends the user back to the web client's callback page, at the product's address only.
    env: ({ publicUrl }) => ({
      SANDBOX_REDIRECT_URIS: `${publicUrl}/integrations/oauth/callback`,
      SANDBOX_CONTACTS: process.env.SANDBOX_CONTACTS || '250',
    }),
  },
  { name: 'auth', entry: 'services/auth/dist/main.js', port: 3001 },
  { name: 'crm', entry: 'services/crm/dist/main.js', port: 3002 },
  { name: 'work', entry: 'services/work/dist/main.js', port: 3003 },
  { name: 'documents', entry: 'services/documents/dist/main.js', port: 3004 },
  {
    name: 'integrations',
    entry: 'services/integrations/dist/main.js',
    port: 3005,
    env: ({ serviceUrls, dataDir }) => ({
      INTEGRATIONS_ENCRYPTION_KEYS: process.env.INTEGRATIONS_ENCRYPTION_KEYS || localIntegrationsKey(dataDir),
      SANDBOX_PROVIDER_URL: serviceUrls['sandbox-provider'],
    }),
  },
  { name: 'settings', entry: 'services/settings/dist/main.js', port: 3006 },
  {
    name: 'assistant',
    entry: 'services/assistant/dist/main.js',
    port: 3007,
    // Its tools call the workspace's API as the signed-in user, the way the browser does.
    env: ({ gatewayUrl }) => ({ API_BASE_URL: `${gatewayUrl}/api` }),
  },
  {
    name: 'monitoring',
    entry: 'services/monitoring/dist/main.js',
    port: 3008,
    // What it probes and reads: every other process's /health, the gateway's /metrics, the data folder's disk.
    env: ({ serviceUrls, gatewayUrl, dataDir }) => ({
      PROBE_TARGETS: [
        ...Object.entries(serviceUrls).filter(([n]) => n !== 'monitoring' && n !== 'sandbox-provider'),
        ['gateway', gatewayUrl],
      ]
        .map(([n, u]) => `${n}=${u}`)
        .join(','),
      GATEWAY_METRICS_URLS: `${gatewayUrl}/metrics`,
      DISK_PATH: dataDir,
    }),
  },
];

// The gateway gets MONGO_URL like every process (its rate-limit counts; MONGO_DB defaults to `gateway`)
// and SETTINGS_SERVICE_URL with the others (the limits it enforces).
const GATEWAY = { name: 'gateway', entry: 'gateway/dist/main.js', port: 8080 };

/** Where the services listen (HOST), and the gateway unless HOST says otherwise: this machine only. */
const LOOPBACK = '127.0.0.1';

module.exports = { SERVICES, GATEWAY, LOOPBACK, publicUrlOf };
