#!/usr/bin/env node
// Benchmarks: `npm run bench -- leads` loads 100,000 leads (BENCH_LEADS, BENCH_REQUESTS, BENCH_WARMUP) and compares GET /api/leads?limit=50 through
// the gateway with a direct read of the same page from the database, in the same run. Figures are
// printed, not asserted: compare the ratio, machines are noisy.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { build, ROOT } = require('./build');
const { freePort, startInfra } = require('./infra');
const { launch } = require('./launch');

const log = (m) => process.stderr.write(`[bench] ${m}\n`);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: +percentile(s, 50).toFixed(2), p99: +percentile(s, 99).toFixed(2), mean: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2) };
}

async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function leads() {
  const total = Number(process.env.BENCH_LEADS || 100_000);
  const requests = Number(process.env.BENCH_REQUESTS || 300);
  const warmup = Number(process.env.BENCH_WARMUP || 10);
  build({ web: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sixa-bench-'));
  const infra = await startInfra({ dataDir, kafkaPort: await freePort(), mongoPort: await freePort() });
  let stack;
  // Ctrl-C still stops the processes this run started.
  const interrupted = () => Promise.resolve(stack?.stop()).then(() => infra.stop()).finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const mongoose = require(require.resolve('mongoose', { paths: [path.join(ROOT, 'services/crm')] }));
  const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'crm' }).asPromise();
  try {
    stack = await launch({
      infra,
      port: await freePort(),
      dataDir,
      env: { DEMO_MODE: 'true', LOG_LEVEL: 'warn' },
      servicePorts: { auth: await freePort(), crm: await freePort() },
    });
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
          name: `Bench Lead ${j}`, email: `bench${j}@company${j % 997}.com`, company: `Company ${j % 997}`, phone: '', source: sources[j % 5],
          notes: '', status: statuses[j % 5], score, computed_score: score, score_factors: [{ factor: 'Base score', points: score }],
          score_override: null, quotes_sent: 0, quotes_accepted: 0, created_by: 'bench', import_batch: null, outbox: [],
          created_at: new Date(start - (total - j) * 1000), updated_at: new Date(),
        });
      }
      await col.insertMany(docs, { ordered: false });
    }
    log(`loaded in ${((Date.now() - start) / 1000).toFixed(1)} s`);

    await fetch(`${stack.url}/api/initialize-mock-data`, { method: 'POST' });
    const login = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'employee@sixa.local', password: 'Employee123!' }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${login.access_token}` };
    const offsets = Array.from({ length: Math.max(requests, warmup) }, (_, i) => ((i * 7919) % 200) * 50);

    // Warm both paths, then alternate them so that both see the same machine state.
    for (let i = 0; i < warmup; i++) {
      await fetch(`${stack.url}/api/leads?limit=50&offset=${offsets[i]}`, { headers }).then((r) => r.arrayBuffer());
      await col.find({}).sort({ created_at: -1, _id: -1 }).skip(offsets[i]).limit(50).toArray();
    }
    const viaGateway = [];
    const direct = [];
    for (const offset of offsets) {
      viaGateway.push(await timed(async () => {
        const res = await fetch(`${stack.url}/api/leads?limit=50&offset=${offset}`, { headers });
        if (!res.ok) throw new Error(`GET /api/leads answered ${res.status}`);
        await res.arrayBuffer();
      }));
      direct.push(await timed(() => Promise.all([
        col.find({}).sort({ created_at: -1, _id: -1 }).skip(offset).limit(50).toArray(),
        col.countDocuments({}),
      ])));
    }
    const g = summary(viaGateway);
    const d = summary(direct);
    console.log(JSON.stringify({ leads: total, requests, gateway_ms: g, direct_db_ms: d, ratio_p50: +(g.p50 / d.p50).toFixed(2), ratio_p99: +(g.p99 / d.p99).toFixed(2) }, null, 2));
  } finally {
    await conn.close();
    if (stack) await stack.stop();
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BENCHES = { leads };
const name = process.argv[2];
if (!BENCHES[name]) {
  log(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}>`);
  process.exit(2);
}
BENCHES[name]().catch((e) => {
  log(e.stack || e.message);
  process.exit(1);
});
