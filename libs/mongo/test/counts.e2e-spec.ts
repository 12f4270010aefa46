import { infra, sleep, uniqueDbName } from '@sixa/testing';
import { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { CollectionCounts } from '../src/counts';
import { connectMongo } from '../src/mongo.module';

describe(CollectionCounts.name, () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('counts') });
  });
  afterAll(() => connection.close());

  /** Two replicas' views of one collection's counts, and how often each really counted. */
  function replicas(collection: string, maxAgeMs?: number) {
    const db = () => connection.db!;
    return [new CollectionCounts(db, collection, maxAgeMs), new CollectionCounts(db, collection, maxAgeMs)];
  }
  function counter(values: number[]) {
    const calls = { n: 0 };
    const compute = async () => values[Math.min(calls.n++, values.length - 1)];
    return { calls, compute };
  }

  it('serves a count again until the next write, to every replica', async () => {
    const [a, b] = replicas('things');
    const { calls, compute } = counter([3, 4]);
    expect(await a.get('open', compute)).toBe(3);
    expect(await a.get('open', compute)).toBe(3);
    expect(await b.get('open', compute)).toBe(3);
    expect(calls.n).toBe(1);

    await b.invalidate(); // a write through the other replica
    expect(await a.get('open', compute)).toBe(4);
    expect(calls.n).toBe(2);
  });

  it('keeps counts apart by key', async () => {
    const [a] = replicas('keys');
    expect(await a.get(CollectionCounts.keyOf('count', { status: 'open', q: /x/ }), async () => 1)).toBe(1);
    expect(await a.get(CollectionCounts.keyOf('count', { status: 'done', q: /x/ }), async () => 2)).toBe(2);
    expect(await a.get(CollectionCounts.keyOf('count', { status: 'open', q: /x/ }), async () => 9)).toBe(1);
    expect(await a.get(CollectionCounts.keyOf('count', { status: 'open', q: /y/ }), async () => 7)).toBe(7);
  });

  it('does not keep a count during which a write happened', async () => {
    const [a, b] = replicas('racing');
    await a.invalidate();
    let calls = 0;
    const slow = async () => {
      calls++;
      if (calls === 1) await b.invalidate(); // written while counting: this count may have missed it
      return calls;
    };
    expect(await a.get('n', slow)).toBe(1);
    expect(await a.get('n', slow)).toBe(2);
    expect(await a.get('n', slow)).toBe(2);
    expect(calls).toBe(2);
  });

  it('lets writes made at once share replacements of the stamp, each covered by one that began after it', async () => {
    const [a] = replicas('together');
    const { calls, compute } = counter([1, 2, 3]);
    await a.get('n', compute);
    const updates = jest.spyOn(Collection.prototype, 'updateOne');
    try {
      await a.invalidate();
      expect(updates).toHaveBeenCalledTimes(1);
      expect(await a.get('n', compute)).toBe(2);

      updates.mockClear();
      // The first replacement is under way when the others ask: they wait for the next one.
      await Promise.all(Array.from({ length: 20 }, () => a.invalidate()));
      const replaced = updates.mock.calls.filter(([filter]) => (filter as { _id?: string })._id === 'together');
      expect(replaced).toHaveLength(2);
      expect(await a.get('n', compute)).toBe(3);
      expect(calls.n).toBe(3);
    } finally {
      updates.mockRestore();
    }
  });

  it('counts again once a kept count is older than its limit', async () => {
    const [a] = replicas('ageing', 300);
    const { calls, compute } = counter([1, 2]);
    expect(await a.get('n', compute)).toBe(1);
    expect(await a.get('n', compute)).toBe(1);
    await sleep(400);
    expect(await a.get('n', compute)).toBe(2);
    expect(calls.n).toBe(2);
  });
});
