import type { Alert, SystemStatus } from '@sixa/contracts';
import { http, infra, realEngine, sleep, uniqueDbName } from '@sixa/testing';
import { MongoClient } from 'mongodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, login, startAuth } from '../../auth/test/factories';
import type { Sample } from '../src/samples/samples.repository';
import { startMonitoring } from './factories';
import { sample } from './samples';

/*
 * Two monitoring processes on one database, as in production (two or more replicas per service).
 *
 * The sampler's lease is one conditional update, which holds only on an engine whose single-document
 * updates are atomic (MongoDB in production). The local default engine applies an update as
 * read, change, write back: two processes could both take the lease there, which is why the local
 * default runs one process per service. So the test of two sampling processes runs only against a
 * real engine: SIXA_REAL_MONGO=1 with MONGO_URL pointing at one. It runs the built service
 * (`npx tsc -b services/monitoring` first).
 */

const ROOT = join(__dirname, '..', '..', '..');
const MAIN = join(ROOT, 'services/monitoring/dist/main.js');

/** The production period is 10 s (lease 20 s, standby poll 5 s); everything here is that divided by 10. */
const INTERVAL_MS = 1000;
/** At 10 s a dead sampler is replaced within 30 s: the lease's 20 s, a 5 s poll, and margin. */
const TAKEOVER_BOUND_MS = 3 * INTERVAL_MS;

/** Fails clearly when the built service is missing or older than its sources. */
function assertBuilt(): void {
  const buildInfo = join(ROOT, 'services/monitoring/tsconfig.tsbuildinfo');
  const newest = (dir: string): number =>
    Math.max(
      0,
      ...readdirSync(dir, { withFileTypes: true }).map((e) =>
        e.isDirectory()
          ? newest(join(dir, e.name))
          : e.name.endsWith('.spec.ts')
            ? 0
            : statSync(join(dir, e.name)).mtimeMs,
      ),
    );
  if (
    !existsSync(MAIN) ||
    !existsSync(buildInfo) ||
    statSync(buildInfo).mtimeMs < newest(join(ROOT, 'services/monitoring/src'))
  )
    throw new Error(`${MAIN} is missing or older than its sources: run \`npx tsc -b services/monitoring\` first`);
}

interface Replica {
  child: ChildProcess;
  url: string;
  output: string[];
}

/** `node services/monitoring/dist/main.js` with its own port, on the shared database. */
async function spawnReplica(env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${output.join('')}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /listening on (http:\/\/\S+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output.join('')}`));
    });
  });
  return { child, url, output };
}

async function stopReplica(r: Replica, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => r.child.once('exit', () => resolve()));
  r.child.kill(signal);
  const timer = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

describe('monitoring with two replicas', () => {
  realEngine.it(
    'two processes on one database: one sample every period, not two; when the sampler is killed the other takes over',
    async () => {
      assertBuilt();
      const auth = await startAuth();
      const admin = await login(auth.url, ADMIN);
      const dbName = uniqueDbName('monitoring');
      const client = await MongoClient.connect(infra().mongoUrl);
      const db = client.db(dbName);
      const replicas: Replica[] = [];
      try {
        const env = {
          PORT: '0',
          MONGO_URL: infra().mongoUrl,
          MONGO_DB: dbName,
          KAFKA_BROKERS: infra().brokers.join(','),
          KAFKA_NAMESPACE: infra().namespace,
          JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
          SAMPLE_INTERVAL_MS: String(INTERVAL_MS),
          // Lease = max(2 periods, 2 probe timeouts) = 2 s; a sample waits for its probes at most 0.5 s.
          PROBE_TIMEOUT_MS: '500',
          PROBE_TARGETS: `auth=${auth.url}`,
          // Port 9 (discard): no gateway to read, answered at once.
          GATEWAY_METRICS_URLS: 'http://127.0.0.1:9/metrics',
          LOG_LEVEL: 'info',
        };
        replicas.push(...(await Promise.all([spawnReplica(env), spawnReplica(env)])));

        const samplesAt = async (): Promise<number[]> =>
          (await db.collection<{ samples: Sample[] }>('sample_buckets').find({}).toArray())
            .flatMap((b) => b.samples.map((s) => s.at.getTime()))
            .sort((a, b) => a - b);
        const holderPid = async (): Promise<number | null> => {
          const lease = await db
            .collection<{ _id: string; owner: string }>('leases')
            .findOne({ _id: 'job:monitoring-sampler' });
          return lease ? Number(lease.owner.split(':')[1]) : null;
        };
        const between = (all: number[], from: number, to: number) => all.filter((t) => t > from && t <= to);
        const minGap = (list: number[]) => Math.min(...list.slice(1).map((t, i) => t - list[i]));

        // Both up and competing; samples flowing.
        const started = Date.now();
        while ((await samplesAt()).length < 2) {
          if (Date.now() - started > 15_000)
            throw new Error(`no samples:\n${replicas.map((r) => r.output.join('')).join('\n---\n')}`);
          await sleep(200);
        }

        // Six periods with both processes running: six samples (give or take one at the edges), none doubled.
        const from = Date.now();
        await sleep(6 * INTERVAL_MS);
        const window = between(await samplesAt(), from, Date.now());
        expect(window.length).toBeGreaterThanOrEqual(5);
        expect(window.length).toBeLessThanOrEqual(7);
        expect(minGap(window)).toBeGreaterThan(INTERVAL_MS / 2);

        const pid = await holderPid();
        const leader = replicas.find((r) => r.child.pid === pid)!;
        const other = replicas.find((r) => r !== leader)!;
        expect(leader).toBeDefined();

        // The replica that does not sample serves the status and the chart from the stored samples.
        const latestStored = (await samplesAt()).at(-1)!;
        const status = await http(other.url, 'GET', '/monitoring/system-status', { token: admin });
        expect(status.status).toBe(200);
        expect(Date.parse((status.body as SystemStatus).timestamp)).toBeGreaterThanOrEqual(latestStored);
        const chart = await http(other.url, 'GET', '/monitoring/metrics/chart-data?hours=0.1', { token: admin });
        expect(chart.status).toBe(200);
        expect(chart.body.chart_data.cpu_usage.data.slice(-2).some((v: number | null) => v !== null)).toBe(true);

        // Alerts are served and changed on either replica; a transition done on one is refused on the other.
        const raised = await http(other.url, 'POST', '/monitoring/simulate-alert?severity=low', { token: admin });
        expect(raised.status).toBe(200);
        const id = (raised.body as Alert).id;
        expect((await http(leader.url, 'POST', `/monitoring/alerts/${id}/acknowledge`, { token: admin })).status).toBe(
          200,
        );
        expect((await http(other.url, 'POST', `/monitoring/alerts/${id}/acknowledge`, { token: admin })).status).toBe(
          409,
        );
        expect((await http(other.url, 'POST', `/monitoring/alerts/${id}/resolve`, { token: admin })).status).toBe(200);

        // The sampler dies without a word (no lease handed back): the other takes the lease once it expires.
        const killedAt = Date.now();
        await stopReplica(leader, 'SIGKILL');
        let takenOver: number | undefined;
        while (takenOver === undefined && Date.now() - killedAt < 30_000) {
          takenOver = (await samplesAt()).find((t) => t > killedAt);
          if (takenOver === undefined) await sleep(100);
        }
        expect(takenOver).toBeDefined();
        const takeoverMs = takenOver! - killedAt;
        console.log(
          `replicas.e2e-spec: sampler killed; next sample by the other replica after ${takeoverMs} ms (period ${INTERVAL_MS} ms, bound ${TAKEOVER_BOUND_MS} ms)`,
        );
        expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
        expect(await holderPid()).toBe(other.child.pid);

        // And it goes on sampling, once per period.
        const after = Date.now();
        await sleep(4 * INTERVAL_MS);
        const later = between(await samplesAt(), after, Date.now());
        expect(later.length).toBeGreaterThanOrEqual(3);
        expect(later.length).toBeLessThanOrEqual(5);
        expect(minGap(later)).toBeGreaterThan(INTERVAL_MS / 2);
        const own = await http(other.url, 'GET', '/monitoring/system-status', { token: admin });
        expect(Date.parse((own.body as SystemStatus).timestamp)).toBeGreaterThan(killedAt);
      } finally {
        await Promise.all(replicas.map((r) => stopReplica(r)));
        await db.dropDatabase().catch(() => undefined);
        await client.close();
        await auth.app.close();
      }
    },
    120_000,
  );

  describe('two replicas evaluating the rules at once (any engine: the unique index decides)', () => {
    let a: Awaited<ReturnType<typeof startMonitoring>>;
    let b: Awaited<ReturnType<typeof startMonitoring>>;
    beforeAll(async () => {
      a = await startMonitoring({ samplerEnabled: false });
      b = await startMonitoring({ samplerEnabled: false, mongoDb: a.config.mongoDb });
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
    });

    it('a CPU series both see opens one alert, and clearing resolves it once', async () => {
      const outcomes = [];
      for (const cpu of [90, 91, 92, 93, 50, 50]) {
        const s = sample({ cpu_usage: cpu });
        outcomes.push(...(await Promise.all([a.sampler.record(s), b.sampler.record(s)])));
      }
      const opened = outcomes.flatMap((o) => o.opened);
      expect(opened).toHaveLength(1);
      expect(outcomes.flatMap((o) => o.resolved).map((r) => r.id)).toEqual([opened[0].id]);
      const all = (await http(a.url, 'GET', '/monitoring/alerts?limit=100', { token: a.admin })).body as Alert[];
      expect(all.filter((x) => x.rule === 'cpu_high').map((x) => x.status)).toEqual(['resolved']);

      // The pair is free again: a new breach opens a new alert.
      for (const cpu of [95, 95, 95]) await b.sampler.record(sample({ cpu_usage: cpu }));
      const open = (await http(a.url, 'GET', '/monitoring/alerts?status=open', { token: a.admin })).body as Alert[];
      expect(open.filter((x) => x.rule === 'cpu_high')).toHaveLength(1);
    });

    it('of two acknowledgements sent to two replicas at once, one wins and the other is 409', async () => {
      const alert = (await http(a.url, 'POST', '/monitoring/simulate-alert?severity=high', { token: a.admin }))
        .body as Alert;
      const results = await Promise.all([
        http(a.url, 'POST', `/monitoring/alerts/${alert.id}/acknowledge`, { token: a.admin }),
        http(b.url, 'POST', `/monitoring/alerts/${alert.id}/acknowledge`, { token: b.admin }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.detail).toMatch(/acknowledged and cannot be acknowledged/);
    });
  });
});
