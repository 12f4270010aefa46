// `npm run bench -- workflows`: the workflow engine under a burst, through the gateway.
// A 3-step workflow (create a task, wait 1 s, set a lead's status to contacted) is executed
// BENCH_RUNS times at once (default 1,000; POST /api/workflows/{id}/execute with BENCH_CLIENTS
// requests in flight, default 50), each run for a lead of its own; then, when every run has ended:
// - runs completed / failed, runs/s (from the first POST to the last run's end);
// - duplicated actions: tasks under the workflow's step keys (`runId:0`) beyond one per run, and
//   lead.status_changed events (distinct ids, read from crm.events.v1) beyond one per run's lead;
// - p50 / p99 time in the queue (started_at → admitted_at: runs beyond the engine's admission limit wait
//   there before their first step; the limit adapts to keep the overhead within WORKFLOW_TARGET_OVERHEAD_MS,
//   up to WORKFLOW_MAX_ACTIVE_RUNS), end to end (started_at → ended_at), and run duration (admitted_at →
//   ended_at, the engine running it); the engine's per-run overhead: the run duration minus the waits
//   (1 s), p99 against the target of 200 ms (on a real engine), with where it goes.
// BENCH_THIRD_STEP=create_task swaps the third step for a second task (to measure the engine alone).
// BENCH_SERVICES=auth,crm,work runs only the services the workflow needs (the others, which consume
// every domain event too, then do not share the machine's two cores with the engine).
// Run on the local default engine (FerretDB v1, started here) and, with MONGO_URL, on that engine too
// (its `work` and `crm` databases are emptied first), printed side by side. Figures are printed, not asserted.
'use strict';
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./build');
const { log, onEachEngine, signIn, benchEngines, sideBySide } = require('./bench');

const TARGET_OVERHEAD_P99_MS = 200;
const WAIT_SECONDS = 1;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
}

function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? null };
}

/** Runs `fn` over `items` with `concurrency` at a time. */
async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function post(url, headers, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/** Counts the distinct lead.status_changed events per lead on crm.events.v1 (in KAFKA_NAMESPACE, if set) while it runs. */
async function statusChangeCounter(brokers, leadIds) {
  const { Kafka, logLevel } = require(require.resolve('kafkajs', { paths: [path.join(ROOT, 'libs/kafka')] }));
  const wanted = new Set(leadIds);
  const seen = new Set();
  const perLead = new Map();
  const consumer = new Kafka({
    clientId: 'bench-workflows',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).consumer({ groupId: `bench-workflows-${Date.now()}` });
  await consumer.connect();
  const namespace = process.env.KAFKA_NAMESPACE;
  await consumer.subscribe({ topic: `${namespace ? `${namespace}.` : ''}crm.events.v1`, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      let e;
      try {
        e = JSON.parse(String(message.value));
      } catch {
        return;
      }
      if (e.type !== 'lead.status_changed' || seen.has(e.id)) return;
      const lead = e.data?.lead_id ?? e.subject;
      if (!wanted.has(lead)) return;
      seen.add(e.id);
      perLead.set(lead, (perLead.get(lead) ?? 0) + 1);
    },
  });
  return { perLead, stop: () => consumer.disconnect() };
}

/** One engine: the burst, the wait for every run's end, and the figures. */
async function burst({ infra, stack }, mongoose, engineName) {
  const runs = Number(process.env.BENCH_RUNS || 1000);
  const clients = Number(process.env.BENCH_CLIENTS || 50);
  const thirdStep = process.env.BENCH_THIRD_STEP || 'set_lead_status';
  const headers = { authorization: `Bearer ${await signIn(stack.url, 'employee@sixa.local', 'Employee123!')}` };
  const work = await mongoose.createConnection(infra.mongoUrl, { dbName: 'work' }).asPromise();
  const tag = `wfb${Date.now()}`;
  let counter = null;
  try {
    // A lead per run, made through the API (crm computes what it owns).
    const t0 = Date.now();
    const leadIds = [];
    let leadFailures = 0;
    await pool(
      Array.from({ length: runs }, (_, i) => i),
      16,
      async (i) => {
        const res = await post(`${stack.url}/api/leads`, headers, {
          name: `Bench Workflow Lead ${i}`,
          email: `${tag}.${i}@bench.example`,
          company: 'Bench Co',
          source: 'Website',
        });
        if (res.status === 201) leadIds[i] = res.body.id;
        else leadFailures++;
      },
    );
    if (leadFailures) throw new Error(`${leadFailures} leads were not created`);
    log(`${engineName}: ${runs} leads in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (thirdStep === 'set_lead_status') counter = await statusChangeCounter(infra.brokers, leadIds);

    const third =
      thirdStep === 'set_lead_status'
        ? {
            action: 'set_lead_status',
            description: 'contacted',
            params: { lead_id: '{{lead_id}}', status: 'contacted' },
          }
        : { action: 'create_task', description: 'second task', params: { title: `Second ${tag} {{lead_id}}` } };
    const created = await post(`${stack.url}/api/workflows`, headers, {
      name: `Bench workflow ${tag}`,
      description: 'npm run bench -- workflows',
      steps: [
        { action: 'create_task', description: 'task', params: { title: `Bench ${tag} {{lead_id}}` } },
        { action: 'wait', description: 'wait', params: { seconds: WAIT_SECONDS } },
        third,
      ],
    });
    if (created.status !== 201)
      throw new Error(`POST /workflows answered ${created.status}: ${JSON.stringify(created.body)}`);
    const workflowId = created.body.id;

    // The burst: every run started at once (BENCH_CLIENTS requests in flight).
    const loadBefore = os.loadavg()[0];
    const executeMs = [];
    let executeFailures = 0;
    // The first answer of each refused status, to say why.
    const refusals = {};
    const burstStart = Date.now();
    await pool(leadIds, clients, async (leadId) => {
      const t = Date.now();
      const res = await post(`${stack.url}/api/workflows/${workflowId}/execute`, headers, {
        input: { lead_id: leadId },
      });
      executeMs.push(Date.now() - t);
      if (res.status !== 202) {
        executeFailures++;
        refusals[res.status] = refusals[res.status] ?? JSON.stringify(res.body).slice(0, 200);
      }
    });
    const postedIn = Date.now() - burstStart;
    log(`${engineName}: ${runs} executions posted in ${(postedIn / 1000).toFixed(1)} s (${executeFailures} refused)`);

    // Until no run is open, or none has finished for BENCH_STALL_S seconds (default 120: longer than a
    // command's time-out and its retry's back-off). One count every 2 s: the figures come from the
    // runs' stored times, and a heavier or more frequent look would load the store being measured.
    const col = work.collection('workflow_runs');
    const stallMs = Number(process.env.BENCH_STALL_S || 120) * 1000;
    let lastOpen = null;
    let lastChange = Date.now();
    for (;;) {
      const open = await col.countDocuments({ workflow_id: workflowId, open: true });
      if (open !== lastOpen) lastChange = Date.now();
      lastOpen = open;
      if (open === 0 || Date.now() - lastChange > stallMs) break;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const docs = await col
      .find(
        { workflow_id: workflowId },
        { projection: { status: 1, open: 1, started_at: 1, admitted_at: 1, ended_at: 1, steps: 1, error: 1 } },
      )
      .toArray();
    const done = docs.filter((d) => !d.open && d.ended_at);
    const succeeded = docs.filter((d) => d.status === 'succeeded');
    const failed = docs.filter((d) => d.status === 'failed');
    const lastEnd = Math.max(...done.map((d) => new Date(d.ended_at).getTime()));

    // Duplicated actions: tasks under the workflow's step keys, and status changes per lead.
    const runIds = docs.map((d) => String(d._id));
    const tasks = await work
      .collection('tasks')
      .aggregate([
        { $match: { idempotency_key: { $in: runIds.map((id) => `${id}:0`) } } },
        { $group: { _id: '$idempotency_key', n: { $sum: 1 } } },
      ])
      .toArray();
    const titled = await work.collection('tasks').countDocuments({ title: { $regex: `^Bench ${tag} ` } });
    let statusChanges = null;
    if (counter) {
      // The events follow the writes through the outbox: a short grace for the last ones.
      const expect = succeeded.length;
      const until = Date.now() + 15_000;
      const total = () => [...counter.perLead.values()].reduce((a, b) => a + b, 0);
      while (total() < expect && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 2_000));
      const counts = [...counter.perLead.values()];
      statusChanges = {
        leads_changed: counts.length,
        events: total(),
        duplicated: counts.reduce((a, n) => a + Math.max(n - 1, 0), 0),
      };
    }

    // Runs stored before admission existed have no admitted_at: their start stands in.
    const admitted = (d) => new Date(d.admitted_at ?? d.started_at);
    const queued = done.map((d) => admitted(d) - new Date(d.started_at));
    const endToEnd = done.map((d) => new Date(d.ended_at) - new Date(d.started_at));
    const durations = done.map((d) => new Date(d.ended_at) - admitted(d));
    const overheads = succeeded.map((d) => new Date(d.ended_at) - admitted(d) - WAIT_SECONDS * 1000);
    const at = (d, i, f) => (d.steps[i]?.[f] ? new Date(d.steps[i][f]).getTime() : null);
    // Where the overhead goes: admission → first step done (create_task), the wait's end → the
    // third step's start (the timer's pick-up), and the third step itself.
    const parts = { to_first_step_done: [], wait_pickup_lag: [], third_step: [], steps_own_time: [] };
    for (const d of succeeded) {
      const start = admitted(d).getTime();
      const firstDone = at(d, 0, 'ended_at');
      const waitStart = at(d, 1, 'started_at');
      const thirdStart = at(d, 2, 'started_at');
      const thirdEnd = at(d, 2, 'ended_at');
      if (firstDone) parts.to_first_step_done.push(firstDone - start);
      if (waitStart && thirdStart) parts.wait_pickup_lag.push(thirdStart - waitStart - WAIT_SECONDS * 1000);
      if (thirdStart && thirdEnd) parts.third_step.push(thirdEnd - thirdStart);
      const firstStart = at(d, 0, 'started_at');
      if (firstStart && firstDone && thirdStart && thirdEnd)
        parts.steps_own_time.push(firstDone - firstStart + (thirdEnd - thirdStart));
    }
    const overhead = summary(overheads);
    const figures = {
      runs,
      third_step: thirdStep,
      completed: succeeded.length,
      failed: failed.length,
      still_open: docs.length - done.length,
      not_started: runs - docs.length,
      first_error: failed[0]?.error ?? null,
      // Runs that needed a retry (a step with more than one attempt: e.g. crm's answer came after the time-out).
      retried: docs.filter((d) => d.steps.some((st) => st.attempts > 1)).length,
      execute_refused: executeFailures,
      execute_refusals: refusals,
      execute_ms: summary(executeMs),
      posted_in_s: +(postedIn / 1000).toFixed(2),
      runs_per_s: done.length ? +(done.length / ((lastEnd - burstStart) / 1000)).toFixed(1) : 0,
      queued_ms: summary(queued),
      end_to_end_ms: summary(endToEnd),
      run_duration_ms: summary(durations),
      overhead_ms: overhead,
      overhead_parts_ms: {
        to_first_step_done: summary(parts.to_first_step_done),
        wait_pickup_lag: summary(parts.wait_pickup_lag),
        third_step: summary(parts.third_step),
        // The two action steps from their start to their end: the engine's work without the queue.
        steps_own_time: summary(parts.steps_own_time),
      },
      overhead_target_met: overhead.p99 !== null && overhead.p99 <= TARGET_OVERHEAD_P99_MS,
      tasks: {
        runs_with_a_task: tasks.length,
        duplicated: tasks.reduce((a, t) => a + Math.max(t.n - 1, 0), 0),
        titled: titled,
      },
      status_changes: statusChanges,
      // The engine, the services and the database share this machine: how busy it was says how far the figures carry.
      machine: { cpus: os.cpus().length, load_average_1m: [+loadBefore.toFixed(2), +os.loadavg()[0].toFixed(2)] },
      // BENCH_SERVICES: the services that ran (all of them unless set).
      services: process.env.BENCH_SERVICES ?? 'all',
      engine_settings: {
        WORK_TIMER_SWEEP_MS: process.env.WORK_TIMER_SWEEP_MS ?? 'default',
        WORKFLOW_CONCURRENCY: process.env.WORKFLOW_CONCURRENCY ?? 'default',
        WORKFLOW_MAX_ACTIVE_RUNS: process.env.WORKFLOW_MAX_ACTIVE_RUNS ?? 'default',
        WORKFLOW_TARGET_OVERHEAD_MS: process.env.WORKFLOW_TARGET_OVERHEAD_MS ?? 'default',
      },
    };
    log(`${engineName}: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await counter?.stop().catch(() => undefined);
    await work.close();
  }
}

/** The table's rows: one figure per line, the engines side by side. */
function rows(figures) {
  const pick = (f) => ({
    'completed / failed': { n: f.runs, p50: f.completed, p99: f.failed },
    'runs/s': { n: f.completed, p50: f.runs_per_s, p99: f.runs_per_s },
    'queued ms (start → admitted)': f.queued_ms,
    'end to end ms (start → end)': f.end_to_end_ms,
    'run duration ms (admitted → end)': f.run_duration_ms,
    'overhead ms (duration − waits)': f.overhead_ms,
    'admitted → task done ms': f.overhead_parts_ms.to_first_step_done,
    'wait end → step 3 start ms': f.overhead_parts_ms.wait_pickup_lag,
    'step 3 ms': f.overhead_parts_ms.third_step,
    'steps 1 + 3 own time ms': f.overhead_parts_ms.steps_own_time,
    'duplicated tasks / status changes': {
      n: f.tasks.runs_with_a_task,
      p50: f.tasks.duplicated,
      p99: f.status_changes ? f.status_changes.duplicated : '—',
    },
  });
  return Object.fromEntries(Object.entries(figures).map(([engine, f]) => [engine, f ? pick(f) : {}]));
}

async function workflows() {
  const mongoose = require(require.resolve('mongoose', { paths: [path.join(ROOT, 'services/work')] }));
  const engines = benchEngines();
  const results = {};
  await onEachEngine(['work', 'crm'], mongoose, async (ctx, engine) => {
    results[engine.name] = await burst(ctx, mongoose, engine.name);
  });
  const table = rows(results);
  const names = engines.map((e) => e.name);
  const runs = Number(process.env.BENCH_RUNS || 1000).toLocaleString('en');
  console.log(sideBySide(`${runs} runs`, [['burst', table]], names));
  console.log(`target: overhead p99 ≤ ${TARGET_OVERHEAD_P99_MS} ms on a real engine`);
  console.log(JSON.stringify(results, null, 2));
}

module.exports = { workflows };
