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

  it('is held by one owner at a time, renewed by it, and taken by another once released or expired', async () => {
    const a = new Lease(connection, 'job:test', 400);
    const b = new Lease(connection, 'job:test', 400);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true); // renewal
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await sleep(500); // b stops renewing: its lease expires
    expect(await a.acquire()).toBe(true);
    expect((await a.holder())?.owner).toBe(a.owner);
  });

  it('runs a singleton job in one of two processes, and in the other once the first stops', async () => {
    const runs = { a: 0, b: 0 };
    const logger = createLogger('test:lease');
    const opts = { intervalMs: 100, ttlMs: 400, standbyPollMs: 50, logger };
    const a = new SingletonJob(connection, 'tick', async () => void runs.a++, opts);
    const b = new SingletonJob(connection, 'tick', async () => void runs.b++, opts);
    a.start();
    await sleep(50);
    b.start();
    await sleep(600);
    expect(runs.a).toBeGreaterThan(3);
    expect(runs.b).toBe(0);
    await a.stop();
    const before = runs.a;
    await sleep(400);
    expect(runs.b).toBeGreaterThan(0);
    expect(runs.a).toBe(before);
    await b.stop();
  });
});
