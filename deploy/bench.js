#!/usr/bin/env node
// Benchmarks. Figures are printed, not asserted: compare ratios within a run, machines are noisy.
// - `npm run bench -- leads` loads 100,000 leads (BENCH_LEADS, BENCH_REQUESTS, BENCH_DIRECT_REQUESTS, BENCH_WARMUP) and compares
//   GET /api/leads?limit=50 through the gateway with a direct read of the same page from the database.
// - `npm run bench -- ws` connects 1,000 WebSocket clients to /ws/monitoring through the gateway
//   (BENCH_CLIENTS, BENCH_ALERTS) and reports the delay from publish to receipt of alerts and statuses.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { build, ROOT } = require('./build');
const { freePort, startInfra } = require('./infra');
const { launch } = require('./launch');
const { SERVICES } = require('./processes');

const log = (m) => process.stderr.write(`[bench] ${m}\n`);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: +percentile(s, 50).toFixed(2),
    p99: +percentile(s, 99).toFixed(2),
    mean: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2),
  };
}

async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** Builds, starts the infrastructure and every process on free ports, runs `fn`, and stops it all. */
async function withStack(fn, prepare = async () => {}) {
  build({ web: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sixa-bench-'));
  const infra = await startInfra({ dataDir, kafkaPort: await freePort(), mongoPort: await freePort() });
  let stack;
  // Ctrl-C still stops the processes this run started.
  const interrupted = () =>
    Promise.resolve(stack?.stop())
      .then(() => infra.stop())
      .finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await prepare({ infra });
    const servicePorts = {};
    for (const s of SERVICES) servicePorts[s.name] = await freePort();
    stack = await launch({
      infra,
      port: await freePort(),
      dataDir,
      env: { DEMO_MODE: 'true', LOG_LEVEL: 'info' },
      servicePorts,
    });
    await fetch(`${stack.url}/api/initialize-mock-data`, { method: 'POST' });
    await fn({ infra, stack, dataDir });
  } finally {
    if (stack) await stack.stop();
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until a process's log has a line with `msg` (JSON logs); returns that line parsed. */
async function waitForLog(dataDir, name, msg, timeoutMs) {
  const file = path.join(dataDir, 'logs', `${name}.log`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line =
      fs.existsSync(file) &&
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .find((l) => l.includes(`"msg":"${msg}"`));
    if (line) return JSON.parse(line);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} did not log "${msg}" within ${timeoutMs / 1000} s`);
}

async function signIn(url, email, password) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return (await res.json()).access_token;
}

async function leads() {
  const total = Number(process.env.BENCH_LEADS || 100_000);
  const requests = Number(process.env.BENCH_REQUESTS || 300);
  const directRequests = Number(process.env.BENCH_DIRECT_REQUESTS || 5);
  const warmup = Number(process.env.BENCH_WARMUP || 10);
  const mongoose = require(require.resolve('mongoose', { paths: [path.join(ROOT, 'services/crm')] }));
  let loadSeconds = 0;
  // The leads go in before the services start, as a database that already holds them.
  const prepare = async ({ infra }) => {
    const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'crm' }).asPromise();
    try {
      log(`loading ${total} leads...`);
      const sources = ['Website', 'LinkedIn', 'Referral', 'Cold Email', 'Conference'];
      const statuses = ['new', 'contacted', 'qualified', 'converted', 'lost'];
      const start = Date.now();
      const col = conn.collection('leads');
      for (let i = 0; i < total; i += 5000) {
        const docs = [];
        for (let j = i; j < Math.min(total, i + 5000); j++) {
          const score = (j * 37) % 101;
          docs.push({
            name: `Bench Lead ${j}`,
            email: `bench${j}@company${j % 997}.com`,
            company: `Company ${j % 997}`,
            phone: '',
            source: sources[j % 5],
            notes: '',
            status: statuses[j % 5],
            score,
            computed_score: score,
            score_factors: [{ factor: 'Base score', points: score }],
            score_override: null,
            quotes_sent: 0,
            quotes_accepted: 0,
            created_by: 'bench',
            import_batch: null,
            outbox: [],
            created_at: new Date(start - (total - j) * 1000),
            updated_at: new Date(),
          });
        }
        await col.insertMany(docs, { ordered: false });
      }
      loadSeconds = (Date.now() - start) / 1000;
      log(`loaded in ${loadSeconds.toFixed(1)} s`);
    } finally {
      await conn.close();
    }
  };
  await withStack(async ({ infra, stack, dataDir }) => {
    const indexed = await waitForLog(dataDir, 'crm', 'leads index loaded', 15 * 60_000);
    log(`crm index: ${indexed.leads} leads in ${(indexed.ms / 1000).toFixed(1)} s`);
    const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'crm' }).asPromise();
    const col = conn.collection('leads');
    try {
      const headers = { authorization: `Bearer ${await signIn(stack.url, 'employee@sixa.local', 'Employee123!')}` };
      const offsets = Array.from({ length: Math.max(requests, warmup) }, (_, i) => ((i * 7919) % 200) * 50);
      const page = (offset, q = '') =>
        timed(async () => {
          const res = await fetch(`${stack.url}/api/leads?limit=50&offset=${offset}${q}`, { headers });
          if (!res.ok) throw new Error(`GET /api/leads answered ${res.status}`);
          await res.arrayBuffer();
        });
      for (let i = 0; i < warmup; i++) await page(offsets[i]);
      const viaGateway = [];
      for (const offset of offsets.slice(0, requests)) viaGateway.push(await page(offset));
      // A search and a filter with a sort, through the gateway too.
      const searched = [];
      for (const offset of offsets.slice(0, Math.min(requests, 50)))
        searched.push(await page(offset % 500, '&q=company 42&label=Hot&sort=-score'));
      // The same default page straight from the database: a sorted, skipped read of the collection.
      const direct = [];
      for (const offset of offsets.slice(0, directRequests)) {
        direct.push(
          await timed(() =>
            Promise.all([
              col.find({}).sort({ created_at: -1, _id: -1 }).skip(offset).limit(50).toArray(),
              col.countDocuments({}),
            ]),
          ),
        );
      }
      const g = summary(viaGateway);
      const d = summary(direct);
      console.log(
        JSON.stringify(
          {
            leads: total,
            load_seconds: +loadSeconds.toFixed(1),
            index_load_seconds: +(indexed.ms / 1000).toFixed(1),
            gateway_ms: g,
            gateway_search_filter_sort_ms: summary(searched),
            direct_db_ms: d,
            ratio_p50: +(g.p50 / d.p50).toFixed(4),
            ratio_p99: +(g.p99 / d.p99).toFixed(4),
          },
          null,
          2,
        ),
      );
    } finally {
      await conn.close();
    }
  }, prepare);
}

/**
 * 1,000 clients on /ws/monitoring through the gateway, as browsers connect (token in the subprotocol).
 * Each simulated alert is timed from the API call and from its creation time (the monitoring service
 * writes it, its outbox publishes it, the gateway consumes and fans it out) to its arrival at every
 * client; each status from its sample time to arrival.
 */
async function ws() {
  const WebSocket = require(require.resolve('ws', { paths: [path.join(ROOT, 'gateway')] }));
  const clients = Number(process.env.BENCH_CLIENTS || 1000);
  const alerts = Number(process.env.BENCH_ALERTS || 20);
  await withStack(async ({ stack }) => {
    const token = await signIn(stack.url, 'admin@sixa.local', 'Admin123!');
    const wsUrl = `${stack.url.replace('http', 'ws')}/ws/monitoring`;
    const rssMb = async () => {
      const text = await (await fetch(`${stack.url}/metrics`)).text();
      return +(Number(/^process_resident_memory_bytes (\S+)/m.exec(text)[1]) / 1048576).toFixed(1);
    };
    const rssBefore = await rssMb();
    const alertDelays = { fromCall: [], fromCreated: [] };
    const statusDelays = [];
    const pending = new Map();
    const sockets = [];
    const connectStart = Date.now();
    for (let i = 0; i < clients; i += 50) {
      await Promise.all(
        Array.from(
          { length: Math.min(50, clients - i) },
          () =>
            new Promise((resolve, reject) => {
              const socket = new WebSocket(wsUrl, ['sixa.monitoring.v1', `bearer.${token}`]);
              const seenSamples = new Set();
              socket.on('message', (raw) => {
                const now = Date.now();
                const msg = JSON.parse(String(raw));
                if (msg.type === 'new_alert' && pending.has(msg.data.id)) {
                  alertDelays.fromCall.push(now - pending.get(msg.data.id));
                  alertDelays.fromCreated.push(now - Date.parse(msg.data.created_at));
                } else if (msg.type === 'system_status' && !seenSamples.has(msg.data.timestamp)) {
                  // New samples only: after an alert the latest sample is sent again with new counts.
                  seenSamples.add(msg.data.timestamp);
                  statusDelays.push(now - Date.parse(msg.data.timestamp));
                }
              });
              socket.once('open', resolve);
              socket.once('error', reject);
              sockets.push(socket);
            }),
        ),
      );
    }
    const connectSeconds = (Date.now() - connectStart) / 1000;
    log(`${clients} clients connected in ${connectSeconds.toFixed(1)} s`);
    // Statuses received on connect are the latest one replayed; count only fresh ones from here.
    statusDelays.length = 0;
    for (let i = 0; i < alerts; i++) {
      const sent = Date.now();
      const res = await fetch(`${stack.url}/api/monitoring/simulate-alert?severity=low`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`simulate-alert answered ${res.status}`);
      pending.set((await res.json()).id, sent);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // Wait for a sample or two more, and for stragglers.
    await new Promise((r) => setTimeout(r, 12_000));
    const rssAfter = await rssMb();
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    for (const s of sockets) s.terminate();
    console.log(
      JSON.stringify(
        {
          clients,
          still_connected: open,
          connect_seconds: +connectSeconds.toFixed(1),
          alerts,
          alert_deliveries: alertDelays.fromCall.length,
          expected_alert_deliveries: alerts * clients,
          alert_ms_from_api_call: summary(alertDelays.fromCall),
          alert_ms_from_created_at: summary(alertDelays.fromCreated),
          status_deliveries: statusDelays.length,
          status_ms_from_sample_time: statusDelays.length ? summary(statusDelays) : null,
          gateway_rss_mb: { before: rssBefore, with_clients: rssAfter },
        },
        null,
        2,
      ),
    );
  });
}

const BENCHES = { leads, ws };
const name = process.argv[2];
if (!BENCHES[name]) {
  log(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}>`);
  process.exit(2);
}
BENCHES[name]().catch((e) => {
  log(e.stack || e.message);
  process.exit(1);
});
