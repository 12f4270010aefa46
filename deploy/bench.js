#!/usr/bin/env node
// Benchmarks. Figures are printed, not asserted: compare ratios within a run, machines are noisy.
// - `npm run bench -- leads` times the leads API through the gateway at 1,000, 10,000 and 100,000 leads
//   (BENCH_SIZES) on the local default engine and, with MONGO_URL, on that engine too (see leads()).
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
async function withStack(fn, prepare = async () => {}, env = process.env) {
  // The gateway serves the web client (WEB_DIST), so that is built too (skipped when up to date).
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sixa-bench-'));
  const infra = await startInfra({ dataDir, kafkaPort: await freePort(), mongoPort: await freePort(), env });
  let stack;
  // Ctrl-C still stops the processes this run started.
  const interrupted = () =>
    Promise.resolve(stack?.stop())
      .then(() => infra.stop())
      .finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let ok = false;
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
    ok = true;
  } finally {
    if (stack) await stack.stop();
    await infra.stop();
    // Kept after a failure: the processes' logs are there.
    if (ok) fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`logs kept in ${dataDir}/logs`);
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

/** What the screen asks of the leads API, as the browser asks it (through the gateway). */
const LEAD_QUERIES = [
  { name: 'page (newest first)', path: '/api/leads?limit=50&offset=0', find: [{}, { created_at: -1, _id: -1 }] },
  { name: 'page by score', path: '/api/leads?limit=50&sort=-score', find: [{}, { score: -1, _id: -1 }] },
  { name: 'page by name', path: '/api/leads?limit=50&sort=name', find: [{}, { name: 1, _id: 1 }] },
  {
    name: 'status filter',
    path: '/api/leads?limit=50&status=qualified',
    find: [{ status: 'qualified' }, { created_at: -1, _id: -1 }],
  },
  {
    name: 'source filter',
    path: '/api/leads?limit=50&source=Referral',
    find: [{ source: 'Referral' }, { created_at: -1, _id: -1 }],
  },
  {
    name: 'label filter (Hot)',
    path: '/api/leads?limit=50&label=Hot',
    find: [{ score: { $gte: 80 } }, { created_at: -1, _id: -1 }],
  },
  { name: 'stats', path: '/api/leads/stats' },
];

/** The index names an explain output mentions (the plan's shape differs between engines). */
function indexesIn(explain) {
  const found = new Set();
  const walk = (v) => {
    if (!v || typeof v !== 'object') return;
    if (typeof v.indexName === 'string') found.add(v.indexName);
    if (typeof v['Index Name'] === 'string') found.add(v['Index Name']);
    for (const x of Object.values(v)) walk(x);
  };
  walk(explain);
  const text = JSON.stringify(explain);
  for (const m of text.matchAll(/Index (?:Only )?Scan(?: Backward)? using ([\w.-]+)/g)) found.add(m[1]);
  return [...found];
}

function leadDoc(j, start, total) {
  const sources = ['Website', 'LinkedIn', 'Referral', 'Cold Email', 'Conference'];
  const statuses = ['new', 'contacted', 'qualified', 'converted', 'lost'];
  const score = (j * 37) % 101;
  return {
    name: `Bench Lead ${String(j).padStart(6, '0')}`,
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
    rev: 0,
    applied_events: [],
    outbox: [],
    created_at: new Date(start - (total - j) * 1000),
    updated_at: new Date(start),
  };
}

/**
 * The leads API at growing sizes (BENCH_SIZES, default 1,000, 10,000 and 100,000 leads), on the local
 * default engine (FerretDB v1, started here) and, when MONGO_URL is given, on that engine too (its
 * `crm` database is emptied first), printed side by side. Each figure is a series of requests
 * through the gateway: at least BENCH_MIN_REQUESTS, then more until BENCH_REQUESTS or BENCH_BUDGET_S
 * seconds per query. On the real engine, the index each query's plan uses is printed.
 */
async function leads() {
  const sizes = (process.env.BENCH_SIZES || '1000,10000,100000').split(',').map(Number);
  const maxRequests = Number(process.env.BENCH_REQUESTS || 200);
  const minRequests = Number(process.env.BENCH_MIN_REQUESTS || 3);
  const budgetMs = Number(process.env.BENCH_BUDGET_S || 20) * 1000;
  const mongoose = require(require.resolve('mongoose', { paths: [path.join(ROOT, 'services/crm')] }));
  const engines = [];
  if (process.env.BENCH_LOCAL !== '0') engines.push({ name: 'local default (FerretDB v1)', url: null });
  if (process.env.MONGO_URL) engines.push({ name: `MONGO_URL (${process.env.MONGO_URL})`, url: process.env.MONGO_URL });
  const results = {};

  for (const engine of engines) {
    const env = { ...process.env };
    delete env.MONGO_URL;
    if (engine.url) env.MONGO_URL = engine.url;
    const prepare = async ({ infra }) => {
      if (!engine.url) return;
      const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'crm' }).asPromise();
      await conn.dropDatabase();
      await conn.close();
    };
    await withStack(
      async ({ infra, stack }) => {
        const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'crm' }).asPromise();
        const col = conn.collection('leads');
        const headers = { authorization: `Bearer ${await signIn(stack.url, 'employee@sixa.local', 'Employee123!')}` };
        let failed = 0;
        const get = (p) =>
          timed(async () => {
            const res = await fetch(`${stack.url}${p}`, { headers });
            // A time-out (504 after 30 s at the gateway) is a figure too: counted, not fatal.
            if (!res.ok) failed++;
            await res.arrayBuffer();
          });
        const series = async (paths) => {
          const ms = [];
          failed = 0;
          const until = Date.now() + budgetMs;
          for (let i = 0; i < maxRequests && (i < minRequests || Date.now() < until); i++) {
            ms.push(await get(paths(i)));
          }
          return failed ? { ...summary(ms), failed } : summary(ms);
        };
        try {
          await col.deleteMany({ created_by: 'bench' });
          let loaded = 0;
          const start = Date.now();
          for (const size of sizes) {
            const t0 = Date.now();
            for (let i = loaded; i < size; i += 5000) {
              const docs = [];
              for (let j = i; j < Math.min(size, i + 5000); j++) docs.push(leadDoc(j, start, 1_000_000));
              await col.insertMany(docs, { ordered: false });
            }
            log(`${engine.name}: ${size} leads (${((Date.now() - t0) / 1000).toFixed(1)} s to add ${size - loaded})`);
            loaded = size;
            const ids = (await col.find({}, { projection: { _id: 1 } }).limit(1000).toArray()).map((d) => String(d._id));
            const row = {};
            await get('/api/leads?limit=50'); // warm-up
            row['GET /leads/{id}'] = await series((i) => `/api/leads/${ids[(i * 7919) % ids.length]}`);
            for (const q of LEAD_QUERIES) {
              row[q.name] = await series(() => q.path);
              if (engine.url && q.find) {
                const explain = await col.find(q.find[0]).sort(q.find[1]).limit(50).explain();
                row[q.name].indexes = indexesIn(explain);
              }
            }
            // A deep page: by offset (skips 5,000 rows) and by the keyset cursor of the page before it.
            if (size > 5050) {
              row['deep page, offset 5000'] = await series(() => '/api/leads?limit=50&offset=5000');
              const before = await fetch(`${stack.url}/api/leads?limit=50&offset=4950`, { headers });
              const cursor = before.headers.get('x-next-cursor');
              row['deep page, after cursor'] = await series(() => `/api/leads?limit=50&after=${cursor}`);
            }
            (results[size] ??= {})[engine.name] = row;
            log(`${engine.name} at ${size}: ${JSON.stringify(row)}`);
          }
        } finally {
          await col.deleteMany({ created_by: 'bench' }).catch(() => undefined);
          await conn.close();
        }
      },
      prepare,
      env,
    );
  }

  // Side by side: one line per query and size, p50 / p99 in ms on each engine.
  const names = engines.map((e) => e.name);
  const lines = [`| leads | query | ${names.map((n) => `${n} p50 / p99 ms (n)`).join(' | ')} |`];
  lines.push(`|---|---|${names.map(() => '---').join('|')}|`);
  for (const size of sizes) {
    const queries = new Set(names.flatMap((n) => Object.keys(results[size]?.[n] ?? {})));
    for (const q of queries) {
      const cells = names.map((n) => {
        const r = results[size]?.[n]?.[q];
        if (!r) return '—';
        const idx = r.indexes ? ` [${r.indexes.join(', ') || 'no index'}]` : '';
        return `${r.p50} / ${r.p99} (${r.n}${r.failed ? `, ${r.failed} failed` : ''})${idx}`;
      });
      lines.push(`| ${size.toLocaleString('en')} | ${q} | ${cells.join(' | ')} |`);
    }
  }
  console.log(lines.join('\n'));
  console.log(JSON.stringify(results, null, 2));
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
