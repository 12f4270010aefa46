// `npm run bench -- work`: the work service through the gateway, as the browser calls it.
// - Tasks at growing sizes (BENCH_SIZES, default 1,000, 10,000 and 100,000): a page of 50 with a status
//   filter and each sort the screen offers, and the stats. Targets at 100,000: p99 ≤ 150 ms (page),
//   ≤ 100 ms (stats).
// - Calendar: BENCH_EVENTS events (default 10,000), BENCH_RECURRING of them weekly for a year (default
//   500), stored directly (BENCH_CALENDAR_VIA=api: through the API); a month's range query (recurring
//   events expanded). Target p99 ≤ 100 ms.
// Run on the local default engine (FerretDB v1, started here) and, with MONGO_URL, on that engine too
// (its `work` database is emptied first), printed side by side. Figures are printed, not asserted.
// BENCH_PARTS (default `tasks,calendar`): `calendar` alone skips the tasks (a run of a few minutes).
'use strict';
const path = require('node:path');
const { ROOT } = require('./build');
const { log, onEachEngine, signIn, indexesIn, benchEngines, requestSeries, sideBySide } = require('./bench');

const STATUSES = [
  'pending',
  'pending',
  'pending',
  'pending',
  'in_progress',
  'in_progress',
  'completed',
  'completed',
  'completed',
  'cancelled',
];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const NO_DUE_DATE = new Date('9999-12-31T00:00:00.000Z');

/** A task as the service stores it. Past-due open tasks are stored as already reported overdue, so the timer stays quiet. */
function taskDoc(j, now) {
  const status = STATUSES[j % STATUSES.length];
  const priority = PRIORITIES[(j * 7) % 4];
  const due = j % 5 === 0 ? null : new Date(now + ((j * 7919) % 120) * 86_400_000 - 60 * 86_400_000);
  const open = status === 'pending' || status === 'in_progress';
  return {
    title: `Bench task ${String(j).padStart(6, '0')}`,
    description: '',
    priority,
    priority_rank: PRIORITIES.indexOf(priority) + 1,
    status,
    assigned_to: `Person ${j % 40}`,
    assignee_id: null,
    created_by: 'bench',
    due_date: due,
    due_sort: due ?? NO_DUE_DATE,
    tags: [],
    overdue_at: open && due && due.getTime() < now ? new Date(now) : null,
    completed_at: status === 'completed' ? new Date(now) : null,
    deleted_at: null,
    live: true,
    rev: 0,
    outbox: [],
    created_at: new Date(now - j * 1000),
    updated_at: new Date(now),
  };
}

const TASK_QUERIES = [
  {
    name: 'pending, newest first',
    path: '/api/tasks?limit=50&status=pending&sort=-created_at',
    find: [
      { live: true, status: 'pending' },
      { created_at: -1, _id: -1 },
    ],
  },
  {
    name: 'in progress, by due date',
    path: '/api/tasks?limit=50&status=in_progress&sort=due_date',
    find: [
      { live: true, status: 'in_progress' },
      { due_sort: 1, _id: 1 },
    ],
  },
  {
    name: 'pending, by priority',
    path: '/api/tasks?limit=50&status=pending&sort=-priority',
    find: [
      { live: true, status: 'pending' },
      { priority_rank: -1, _id: -1 },
    ],
  },
  { name: 'all, newest first', path: '/api/tasks?limit=50', find: [{ live: true }, { created_at: -1, _id: -1 }] },
  { name: 'stats', path: '/api/tasks/stats' },
];

/** Runs `fn` over `items` with `concurrency` at a time. */
async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function work() {
  const parts = new Set((process.env.BENCH_PARTS || 'tasks,calendar').split(',').map((p) => p.trim()));
  const sizes = parts.has('tasks') ? (process.env.BENCH_SIZES || '1000,10000,100000').split(',').map(Number) : [];
  const eventCount = Number(process.env.BENCH_EVENTS || 10_000);
  const recurringCount = Number(process.env.BENCH_RECURRING || 500);
  const mongoose = require(require.resolve('mongoose', { paths: [path.join(ROOT, 'services/work')] }));
  const engines = benchEngines();
  const results = {};

  await onEachEngine(['work'], mongoose, async ({ infra, stack }, engine) => {
    const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: 'work' }).asPromise();
    const headers = { authorization: `Bearer ${await signIn(stack.url, 'employee@sixa.local', 'Employee123!')}` };
    const { get, series } = requestSeries(stack.url, headers, 15);
    const record = (label, row) => {
      (results[label] ??= {})[engine.name] = row;
      log(`${engine.name}, ${label}: ${JSON.stringify(row)}`);
    };
    try {
      // Tasks: the service has made its indexes at start; the documents go in directly.
      const tasks = conn.collection('tasks');
      const now = Date.now();
      let loaded = 0;
      for (const size of sizes) {
        const t0 = Date.now();
        for (let i = loaded; i < size; i += 5000) {
          const docs = [];
          for (let j = i; j < Math.min(size, i + 5000); j++) docs.push(taskDoc(j, now));
          await tasks.insertMany(docs, { ordered: false });
        }
        log(`${engine.name}: ${size} tasks (${((Date.now() - t0) / 1000).toFixed(1)} s to add ${size - loaded})`);
        loaded = size;
        // Added behind the service's back: void its kept counts, as a write through it does.
        const counts = conn.collection('collection_counts');
        const voidCounts = () =>
          counts.updateOne({ _id: 'tasks' }, { $set: { stamp: `bench-${Math.random()}`, counts: {} } });
        await voidCounts();
        await get('/api/tasks?limit=50'); // warm-up
        const row = {};
        for (const q of TASK_QUERIES) {
          row[q.name] = await series(() => q.path);
          if (engine.url && q.find) {
            const explain = await tasks.find(q.find[0]).sort(q.find[1]).limit(50).explain();
            row[q.name].indexes = indexesIn(explain);
          }
        }
        // The figures right after a write (counted again, not kept): each request follows one.
        row['stats after a write'] = await series(() => '/api/tasks/stats', voidCounts);
        record(`${size.toLocaleString('en')} tasks`, row);
      }

      if (!parts.has('calendar')) return;
      // Calendar: BENCH_CALENDAR_VIA=api makes the events through the API, one request each (slow on a
      // loaded machine: over 20 minutes for 10,000); by default they go in directly, as the service
      // stores them, with its own compiled rules for what it computes at write (`series_end`, `long_span`).
      const t0 = Date.now();
      const day = 86_400_000;
      const origin = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
      const bodies = Array.from({ length: eventCount }, (_, j) => {
        const start = new Date(origin + (((j * 7919) % 360) - 180) * day + ((j * 37) % 10) * 3_600_000);
        start.setUTCMinutes(0, 0, 0);
        const body = {
          title: `Bench event ${j}`,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3_600_000).toISOString(),
          attendees: [`person${j % 200}@bench.example`],
        };
        if (j < recurringCount) body.recurrence = { freq: 'weekly', interval: 1, count: 52 };
        return body;
      });
      let createFailed = 0;
      if (process.env.BENCH_CALENDAR_VIA === 'api') {
        await pool(bodies, 8, async (body) => {
          const res = await fetch(`${stack.url}/api/calendar/events`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (res.status !== 201) createFailed++;
          await res.arrayBuffer();
        });
      } else {
        const rules = require(path.join(ROOT, 'services/work/dist/calendar/recurrence.js'));
        const me = await fetch(`${stack.url}/api/auth/me`, { headers }).then((r) => (r.ok ? r.json() : {}));
        const docs = bodies.map((b) => {
          const recurrence = b.recurrence ? { ...b.recurrence, until: null } : null;
          const series = {
            start_time: new Date(b.start_time),
            end_time: new Date(b.end_time),
            time_zone: 'UTC',
            recurrence,
          };
          return {
            title: b.title,
            description: '',
            ...series,
            location: '',
            attendees: b.attendees,
            created_by: me.id ?? 'bench',
            reminder_minutes: null,
            series_end: rules.seriesEnd(series),
            long_span: rules.isLongSpan(series),
            next_reminder_occurrence: null,
            next_reminder_at: null,
            last_reminded_start: null,
            deleted_at: null,
            live: true,
            rev: 0,
            outbox: [],
            created_at: new Date(),
            updated_at: new Date(),
          };
        });
        for (let i = 0; i < docs.length; i += 2000)
          await conn.collection('calendar_events').insertMany(docs.slice(i, i + 2000), { ordered: false });
      }
      log(
        `${engine.name}: ${eventCount} events, ${recurringCount} recurring (${((Date.now() - t0) / 1000).toFixed(1)} s` +
          `${createFailed ? `, ${createFailed} failed` : ''})`,
      );
      const months = [0, 1, 2].map((k) => {
        const from = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + k, 1));
        const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
        return `/api/calendar/events?from=${from.toISOString()}&to=${to.toISOString()}`;
      });
      const sample = await fetch(`${stack.url}${months[0]}`, { headers }).then((r) => r.json());
      const row = { 'month range': await series((i) => months[i % months.length]) };
      row['month range'].occurrences_in_first_month = Array.isArray(sample) ? sample.length : sample;
      record(`${eventCount.toLocaleString('en')} calendar events`, row);
    } finally {
      await conn.close();
    }
  });

  console.log(
    sideBySide(
      'data',
      Object.entries(results),
      engines.map((e) => e.name),
    ),
  );
  console.log(JSON.stringify(results, null, 2));
}

module.exports = { work };
