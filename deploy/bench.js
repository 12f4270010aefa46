#!/usr/bin/env node
// Benchmarks. Figures are printed, not asserted: compare ratios within a run, machines are noisy.
// - `npm run bench -- leads` times the leads API through the gateway at 1,000, 10,000 and 100,000 leads
//   (BENCH_SIZES) on the local default engine and, with MONGO_URL, on that engine too (see leads()).
// - `npm run bench -- ws` connects 1,000 WebSocket clients to /ws/monitoring through the gateway
//   (BENCH_CLIENTS, BENCH_ALERTS) and reports the delay from publish to receipt of alerts and statuses.
// - `npm run bench -- work` times tasks (100,000) and calendar range queries (10,000 events, 500 of them
//   recurring) through the gateway (see bench-work.js).
// - `npm run bench -- workflows` starts 1,000 runs of a 3-step workflow at once and reports completions,
//   duplicated actions, runs/s, run duration and the engine's per-run overhead (see bench-workflows.js).
// - `npm run bench -- sync` syncs 10,000 sandbox contacts into leads (see bench-sync.js).
// - `npm run bench -- web` loads the web client in the machine's Chromium, cold cache, and reports the
//   JavaScript on the wire, the largest chunk and LCP for /login and for /leads signed in (see web()).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { URL } = require('node:url');
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

/** The engines a database benchmark runs on: the local default, and MONGO_URL's engine when given. */
function benchEngines() {
  const engines = [];
  if (process.env.BENCH_LOCAL !== '0') engines.push({ name: 'local default (FerretDB v1)', url: null });
  if (process.env.MONGO_URL) engines.push({ name: `MONGO_URL (${process.env.MONGO_URL})`, url: process.env.MONGO_URL });
  return engines;
}

/**
 * Runs `fn` once per engine of benchEngines(), each on a stack of its own (withStack): on MONGO_URL's
 * engine the `dbs` databases are emptied first. `fn` gets withStack's context and the engine.
 */
async function onEachEngine(dbs, mongoose, fn) {
  for (const engine of benchEngines()) {
    const env = { ...process.env };
    delete env.MONGO_URL;
    if (engine.url) env.MONGO_URL = engine.url;
    const prepare = async ({ infra }) => {
      if (!engine.url) return;
      for (const dbName of dbs) {
        const conn = await mongoose.createConnection(infra.mongoUrl, { dbName }).asPromise();
        await conn.dropDatabase();
        await conn.close();
      }
    };
    await withStack((ctx) => fn(ctx, engine), prepare, env);
  }
}

/**
 * Timed GETs through the gateway: `get(path)` one request (a failed answer is counted, not fatal: a
 * time-out is a figure too); `series(paths)` at least BENCH_MIN_REQUESTS of them, then more until
 * BENCH_REQUESTS or `budgetS` seconds (BENCH_BUDGET_S), summarised.
 */
function requestSeries(base, headers, budgetS) {
  const maxRequests = Number(process.env.BENCH_REQUESTS || 200);
  const minRequests = Number(process.env.BENCH_MIN_REQUESTS || 3);
  const budgetMs = Number(process.env.BENCH_BUDGET_S || budgetS) * 1000;
  let failed = 0;
  const get = (p) =>
    timed(async () => {
      const res = await fetch(`${base}${p}`, { headers });
      if (!res.ok) failed++;
      await res.arrayBuffer();
    });
  /** `before`: what to do ahead of each request, not timed. */
  const series = async (paths, before) => {
    const ms = [];
    failed = 0;
    const until = Date.now() + budgetMs;
    for (let i = 0; i < maxRequests && (i < minRequests || Date.now() < until); i++) {
      if (before) await before(i);
      ms.push(await get(paths(i)));
    }
    return failed ? { ...summary(ms), failed } : summary(ms);
  };
  return { get, series };
}

/** Results side by side, one line per data set and query: p50 / p99 in ms on each engine (and the plan's indexes). */
function sideBySide(heading, results, names) {
  const lines = [`| ${heading} | query | ${names.map((n) => `${n} p50 / p99 ms (n)`).join(' | ')} |`];
  lines.push(`|---|---|${names.map(() => '---').join('|')}|`);
  for (const [label, byEngine] of results) {
    const queries = new Set(names.flatMap((n) => Object.keys(byEngine?.[n] ?? {})));
    for (const q of queries) {
      const cells = names.map((n) => {
        const r = byEngine[n]?.[q];
        if (!r) return '—';
        const idx = r.indexes ? ` [${r.indexes.join(', ') || 'no index'}]` : '';
        return `${r.p50} / ${r.p99} (${r.n}${r.failed ? `, ${r.failed} failed` : ''})${idx}`;
      });
      lines.push(`| ${label} | ${q} | ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
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
      // BENCH_SERVICES=auth,crm,work: only those services (the machine not shared with the others).
      only: process.env.BENCH_SERVICES ? process.env.BENCH_SERVICES.split(',').map((n) => n.trim()) : null,
    });
    await fetch(`${stack.url}/api/initialize-mock-data`, { method: 'POST' });
    await fn({ infra, stack, dataDir });
    ok = true;
  } finally {
    if (stack) await stack.stop();
    await infra.stop();
    // Kept after a failure: the processes' logs are there.
    // BENCH_KEEP_LOGS=1 keeps them after a run that went well too.
    if (ok && process.env.BENCH_KEEP_LOGS !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`logs kept in ${dataDir}/logs`);
  }
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
  const mongoose = require(require.resolve('mongoose', { paths: [path.join(ROOT, 'services/crm')] }));
  const engines = benchEngines();
  const results = {};

  await onEachEngine(['crm'], mongoose, async ({ infra, stack }, engine) => {
    const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'crm' }).asPromise();
    const col = conn.collection('leads');
    const headers = { authorization: `Bearer ${await signIn(stack.url, 'employee@sixa.local', 'Employee123!')}` };
    const { get, series } = requestSeries(stack.url, headers, 20);
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
        const ids = (
          await col
            .find({}, { projection: { _id: 1 } })
            .limit(1000)
            .toArray()
        ).map((d) => String(d._id));
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
          if (cursor) row['deep page, after cursor'] = await series(() => `/api/leads?limit=50&after=${cursor}`);
          else
            row['deep page, after cursor'] = {
              n: 0,
              p50: null,
              p99: null,
              note: `no cursor: the page before answered ${before.status}`,
            };
        }
        (results[size] ??= {})[engine.name] = row;
        log(`${engine.name} at ${size}: ${JSON.stringify(row)}`);
      }
    } finally {
      await col.deleteMany({ created_by: 'bench' }).catch(() => undefined);
      await conn.close();
    }
  });

  // Side by side: one line per query and size, p50 / p99 in ms on each engine.
  const bySize = sizes.map((size) => [size.toLocaleString('en'), results[size] ?? {}]);
  console.log(
    sideBySide(
      'leads',
      bySize,
      engines.map((e) => e.name),
    ),
  );
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

/** What the web client should stay within on localhost (the issue "a web client that loads fast"). */
const WEB_TARGETS = {
  login_js_kb: 200,
  leads_js_kb: 300,
  largest_chunk_kb: 200,
  lcp_ms: 800,
};

/** The machine's Chromium, launched as the browser tests launch it (e2e/browser.ts). */
async function launchChromium() {
  const { chromium } = require(require.resolve('playwright-core', { paths: [ROOT] }));
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!executablePath) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Records the page's LCP candidates from the start (buffered), read back once the page has settled. */
const LCP_OBSERVER = `
  window.__lcp = null;
  window.__lcpElement = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__lcp = entry.startTime;
      const el = entry.element;
      window.__lcpElement = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Notes the time the first element matching `selector` enters the page. */
function readyObserver(selector) {
  return `
    window.__readyAt = null;
    new MutationObserver((_changes, observer) => {
      if (window.__readyAt === null && document.querySelector(${JSON.stringify(selector)})) {
        window.__readyAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  `;
}

/**
 * One cold load (a new browser context: empty cache, no connections) of `path`, waiting for `ready`
 * (a locator on the page) and for the network to go quiet. Returns every script response with the
 * bytes that crossed the wire (CDP encodedDataLength: headers and compressed body) and its
 * content-encoding, the LCP the page measured (and its element), and when `readySelector` appeared.
 */
async function coldLoad(browser, url, { storage, ready, readySelector }) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, storageState: storage });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.addInitScript(LCP_OBSERVER);
    await page.addInitScript(readyObserver(readySelector));
    const cdp = await context.newCDPSession(page);
    const responses = new Map();
    const scripts = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      responses.set(requestId, {
        type,
        url: response.url,
        encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity',
        cacheControl: response.headers['cache-control'] ?? response.headers['Cache-Control'] ?? null,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const r = responses.get(requestId);
      if (r && r.type === 'Script') scripts.push({ ...r, bytes: encodedDataLength });
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    try {
      await page.goto(url, { waitUntil: 'load' });
      await ready(page).waitFor();
      await page.waitForLoadState('networkidle');
    } catch (e) {
      const shot = path.join(os.tmpdir(), `sixa-bench-web-failure-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      const text = await page.evaluate('document.body?.innerText.slice(0, 300)').catch(() => '');
      throw new Error(`${url}: ${e.message.split('\n')[0]} (page shows ${JSON.stringify(text)}; screenshot ${shot})`);
    }
    const lcp = await page.evaluate('window.__lcp');
    const lcpElement = await page.evaluate('window.__lcpElement');
    const readyMs = await page.evaluate('window.__readyAt');
    return { scripts, lcp, lcpElement, readyMs };
  } finally {
    await context.close();
  }
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const kb = (bytes) => +(bytes / 1024).toFixed(1);

/** Sizes of the built chunks as they would be served (gzip and brotli at the highest levels). */
function builtChunks() {
  const zlib = require('node:zlib');
  const dir = path.join(ROOT, 'web', 'dist', 'assets');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f));
      return {
        file: f,
        raw_kb: kb(raw.length),
        gzip_kb: kb(zlib.gzipSync(raw, { level: 9 }).length),
        brotli_kb: kb(zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
      };
    })
    .sort((a, b) => b.gzip_kb - a.gzip_kb);
}

/**
 * The web client as a first-time visitor gets it, through the gateway on localhost in the machine's
 * Chromium: each page BENCH_WEB_RUNS times (default 5) on a cold cache, median of each figure.
 * - /login signed out, until the Sign In button shows;
 * - /leads signed in (a session stored as a sign-in leaves it), until the leads table has rows.
 * Figures: JavaScript bytes on the wire (compressed when the server compresses), the largest script
 * on the wire, LCP, the time until the page's content is in it (ready_ms: on /leads the LCP element
 * can be the loading view's title, painted before the rows), and the largest chunk of the whole
 * build compressed, against WEB_TARGETS; with the machine's load average, as LCP depends on the CPU.
 */
async function web() {
  const runs = Number(process.env.BENCH_WEB_RUNS || 5);
  await withStack(async ({ stack }) => {
    const login = await (
      await fetch(`${stack.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'employee@sixa.local', password: 'Employee123!' }),
      })
    ).json();
    if (!login.access_token) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
    const signedIn = {
      cookies: [],
      origins: [
        {
          origin: stack.url,
          localStorage: [
            { name: 'sixa.token', value: login.access_token },
            { name: 'sixa.user', value: JSON.stringify(login.user) },
          ],
        },
      ],
    };
    const pages = {
      login: {
        path: '/login',
        storage: undefined,
        ready: (page) => page.getByRole('button', { name: 'Sign In' }),
        readySelector: 'button[type="submit"]',
      },
      leads: {
        path: '/leads',
        storage: signedIn,
        ready: (page) => page.locator('.ant-table-tbody tr.ant-table-row').first(),
        readySelector: '.ant-table-tbody tr.ant-table-row',
      },
    };
    const browser = await launchChromium();
    const figures = {};
    // LCP is CPU-bound: the load average says how busy the machine was while measuring.
    const loadBefore = os.loadavg()[0];
    try {
      for (const [name, { path: pagePath, storage, ready, readySelector }] of Object.entries(pages)) {
        const loads = [];
        const failures = [];
        // A load that fails is counted and reported, not fatal; at most `runs` of them.
        for (let i = 0; loads.length < runs && failures.length < runs; i++) {
          let load;
          try {
            load = await coldLoad(browser, `${stack.url}${pagePath}`, { storage, ready, readySelector });
          } catch (e) {
            failures.push(e.message);
            log(`${pagePath} run ${i + 1} failed: ${e.message}`);
            continue;
          }
          const js = load.scripts.reduce((sum, s) => sum + s.bytes, 0);
          const largest = load.scripts.reduce((a, b) => (b.bytes > (a?.bytes ?? -1) ? b : a), null);
          loads.push({
            js,
            largest,
            lcp: load.lcp,
            lcpElement: load.lcpElement,
            readyMs: load.readyMs,
            scripts: load.scripts,
          });
          log(
            `${pagePath} run ${i + 1}: ${kb(js)} KB of JS in ${load.scripts.length} files, LCP ${load.lcp?.toFixed(0)} ms`,
          );
        }
        if (!loads.length) throw new Error(`${pagePath}: every load failed`);
        const last = loads[loads.length - 1];
        figures[name] = {
          path: pagePath,
          runs: loads.length,
          failed_runs: failures.length,
          failures,
          js_kb_on_wire: kb(median(loads.map((l) => l.js))),
          js_files: last.scripts.length,
          largest_script_kb_on_wire: kb(median(loads.map((l) => l.largest?.bytes ?? 0))),
          largest_script: last.largest ? new URL(last.largest.url).pathname : null,
          lcp_ms: +median(loads.map((l) => l.lcp ?? Infinity)).toFixed(0),
          lcp_ms_each: loads.map((l) => (l.lcp == null ? null : +l.lcp.toFixed(0))),
          lcp_element: last.lcpElement,
          // From navigation start until what the page is for is in it (Sign In; the first lead row).
          ready_ms: +median(loads.map((l) => l.readyMs)).toFixed(0),
          encodings: [...new Set(last.scripts.map((s) => s.encoding))],
          cache_control: [...new Set(last.scripts.map((s) => s.cacheControl))],
          scripts: last.scripts
            .map((s) => ({ file: new URL(s.url).pathname, kb_on_wire: kb(s.bytes), encoding: s.encoding }))
            .sort((a, b) => b.kb_on_wire - a.kb_on_wire),
        };
      }
    } finally {
      await browser.close();
    }
    const chunks = builtChunks();
    const largestOnWire = Math.max(figures.login.largest_script_kb_on_wire, figures.leads.largest_script_kb_on_wire);
    const largestBuilt = chunks[0];
    const checks = {
      [`/login JS on the wire <= ${WEB_TARGETS.login_js_kb} KB`]:
        figures.login.js_kb_on_wire <= WEB_TARGETS.login_js_kb,
      [`/leads JS on the wire <= ${WEB_TARGETS.leads_js_kb} KB`]:
        figures.leads.js_kb_on_wire <= WEB_TARGETS.leads_js_kb,
      [`largest script on the wire <= ${WEB_TARGETS.largest_chunk_kb} KB`]:
        largestOnWire <= WEB_TARGETS.largest_chunk_kb,
      [`largest chunk of the build, gzip, <= ${WEB_TARGETS.largest_chunk_kb} KB`]:
        largestBuilt.gzip_kb <= WEB_TARGETS.largest_chunk_kb,
      [`/login LCP <= ${WEB_TARGETS.lcp_ms} ms`]: figures.login.lcp_ms <= WEB_TARGETS.lcp_ms,
      [`/leads LCP <= ${WEB_TARGETS.lcp_ms} ms`]: figures.leads.lcp_ms <= WEB_TARGETS.lcp_ms,
    };
    console.log(
      JSON.stringify(
        {
          targets: WEB_TARGETS,
          met: checks,
          machine: { cpus: os.cpus().length, load_average_1m: [+loadBefore.toFixed(2), +os.loadavg()[0].toFixed(2)] },
          login: figures.login,
          leads: figures.leads,
          build: {
            js_chunks: chunks.length,
            total_js_kb: {
              raw: +chunks.reduce((sum, c) => sum + c.raw_kb, 0).toFixed(1),
              gzip: +chunks.reduce((sum, c) => sum + c.gzip_kb, 0).toFixed(1),
            },
            largest_chunks: chunks.slice(0, 5),
          },
        },
        null,
        2,
      ),
    );
  });
}

// Shared with the benchmarks kept in files of their own (bench-work.js).
module.exports = { log, withStack, signIn, indexesIn, benchEngines, onEachEngine, requestSeries, sideBySide };

if (require.main === module) {
  const BENCHES = {
    leads,
    ws,
    web,
    work: () => require('./bench-work').work(),
    workflows: () => require('./bench-workflows').workflows(),
    sync: () => require('./bench-sync').sync(),
  };
  const name = process.argv[2];
  if (!BENCHES[name]) {
    log(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}>`);
    process.exit(2);
  }
  BENCHES[name]().catch((e) => {
    log(e.stack || e.message);
    process.exit(1);
  });
}
