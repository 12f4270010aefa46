import { createLogger } from '@sixa/observability';
import { infra, sleep, uniqueDbName } from '@sixa/testing';
import type { Connection } from 'mongoose';
import { Lease, SingletonJob } from '../src/lease';
import { connectMongo } from '../src/mongo.module';

describe(Lease.name, () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('lease') });
  });
  afterAll(() => connection.close());

  it('is held by one owner at a time, renewed by it, and taken by another once released', async () => {
    // Long enough that a loaded machine's stall between two calls does not outlast it (with 400 ms,
    // CI's once did, and the other owner rightly took the lease).
    const a = new Lease(connection, 'job:test', 5_000);
    const b = new Lease(connection, 'job:test', 5_000);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true); // renewal
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    expect((await a.holder())?.owner).toBe(b.owner);
  });

  it('is taken by another once its holder stops renewing it, and not before it expires', async () => {
    const a = new Lease(connection, 'job:expiry', 300);
    const b = new Lease(connection, 'job:expiry', 300);
    const taken = Date.now(); // the lease runs for 300 ms from the start of the call that takes it
    expect(await a.acquire()).toBe(true);
    // a stops renewing: b gets the lease once it has expired, and only then.
    for (const end = Date.now() + 10_000; !(await b.acquire()); await sleep(50))
      if (Date.now() > end) throw new Error('the lease never expired');
    expect(Date.now() - taken).toBeGreaterThanOrEqual(300);
    expect((await b.holder())?.owner).toBe(b.owner);
  });

  it('runs a singleton job in one of two processes, and in the other once the first stops', async () => {
    const runs = { a: 0, b: 0 };
    const logger = createLogger('test:lease');
    // A lease long enough that a holder's renewal is not outlasted by a loaded machine's stall (with
    // 400 ms, CI's once was, and the other process rightly took over); a stop releases it at once.
    const opts = { intervalMs: 100, ttlMs: 5_000, standbyPollMs: 50, logger };
    const jobs = {
      a: new SingletonJob(connection, 'tick', async () => void runs.a++, opts),
      b: new SingletonJob(connection, 'tick', async () => void runs.b++, opts),
    };
    const until = async (check: () => boolean, what: string) => {
      for (const end = Date.now() + 10_000; !check(); await sleep(20))
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(runs)}`);
    };
    jobs.a.start();
    jobs.b.start();
    // Whichever took the lease first (a loaded machine decides) runs it, again and again; the other never.
    await until(() => runs.a > 3 || runs.b > 3, 'the job to run');
    const [holder, other] = runs.a > 3 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    await sleep(300);
    expect(runs[other]).toBe(0);
    await jobs[holder].stop();
    const before = runs[holder];
    await until(() => runs[other] > 0, 'the other process to take over');
    await sleep(300);
    expect(runs[holder]).toBe(before);
    await jobs[other].stop();
  });
});
