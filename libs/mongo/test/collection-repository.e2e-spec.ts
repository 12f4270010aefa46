import { infra, uniqueDbName } from '@sixa/testing';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../src/collection.repository';
import { KeptValues } from '../src/kept-values';
import { connectMongo } from '../src/mongo.module';
import type { OutboxSink, WrittenDoc } from '../src/outbox';

interface CounterDoc {
  _id: string;
  n: number;
  since?: Date;
}

interface SettingDoc {
  _id: string;
  rev: number;
  value: string;
}

/** A repository over one collection, its protected operations opened for the test. */
class Counters extends CollectionRepository<CounterDoc> {
  constructor(collection: Collection<CounterDoc>, outbox?: OutboxSink) {
    super(collection, { outbox });
  }
  hit = (id: string) => this.upsertById(id, { $inc: { n: 1 }, $setOnInsert: { since: new Date() } });
  read = (id: string) => this.findById(id);
  addIfNew = (doc: CounterDoc) => this.insertOnce(doc);
  bumpAll = (ids: string[]) => this.updateMany(ids.map((id) => ({ id, update: { $inc: { n: 1 } }, upsert: true })));
  bumpIfBelow = (id: string, below: number) => this.updateById(id, { $inc: { n: 1 } }, { n: { $lt: below } });
  removeIf = (id: string, n: number) => this.deleteById(id, { n });
  setIfNewer = (id: string, n: number) => this.upsertById(id, { $set: { n } }, { n: { $lt: n } });
}

class Settings extends CollectionRepository<SettingDoc> {
  keep = (id: string, rev: number, value: string) => this.keepNewestRevision(id, rev, { value });
  read = (id: string) => this.findById(id);
}

describe(CollectionRepository.name, () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('collection_repo') });
  });
  afterAll(() => connection.close());

  it('counts every one of many simultaneous writes to one key, the first of them making it', async () => {
    const counters = new Counters(connection.collection<CounterDoc>('counters'));
    const answers = await Promise.all(Array.from({ length: 40 }, () => counters.hit('busy')));
    expect((await counters.read('busy'))?.n).toBe(40);
    // Each write is answered with the count it made: all different, 1 to 40.
    expect(answers.map((a) => a?.n).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('adds a document under its key once, and hands one written with events to the outbox', async () => {
    const written: WrittenDoc[] = [];
    const sink: OutboxSink = {
      register: () => undefined,
      kick: async () => undefined,
      written: async (_c, ...docs) => void written.push(...docs),
    };
    const counters = new Counters(connection.collection<CounterDoc>('once'), sink);
    const outbox = [{ id: 'e1', topic: 't', key: 'k', value: '{}' }];
    expect(await counters.addIfNew({ _id: 'a', n: 1, outbox } as CounterDoc)).toBe(true);
    expect(await counters.addIfNew({ _id: 'a', n: 2 })).toBe(false);
    expect((await counters.read('a'))?.n).toBe(1);
    expect(written.map((d) => d._id)).toEqual(['a']);
  });

  it('updates several keys together, making those missing, and updates one only on its conditions', async () => {
    const counters = new Counters(connection.collection<CounterDoc>('many'));
    await counters.bumpAll(['x', 'y']);
    await counters.bumpAll(['y']);
    expect([(await counters.read('x'))?.n, (await counters.read('y'))?.n]).toEqual([1, 2]);
    expect(await counters.bumpIfBelow('y', 2)).toBe(false);
    expect(await counters.bumpIfBelow('x', 2)).toBe(true);
    expect(await counters.removeIf('x', 1)).toBe(false);
    expect(await counters.removeIf('x', 2)).toBe(true);
    expect(await counters.read('x')).toBeNull();
  });

  it('makes a document or changes it on its conditions, and leaves one that does not meet them as it is', async () => {
    const counters = new Counters(connection.collection<CounterDoc>('conditional'));
    expect((await counters.setIfNewer('p', 5))?.n).toBe(5);
    expect(await counters.setIfNewer('p', 3)).toBeNull();
    expect((await counters.read('p'))?.n).toBe(5);
    expect((await counters.setIfNewer('p', 7))?.n).toBe(7);
  });

  it('keeps a value at its newest revision, whatever order the revisions arrive in', async () => {
    const settings = new Settings(connection.collection<SettingDoc>('settings'));
    await Promise.all([3, 1, 5, 2, 4].map((rev) => settings.keep('lifetime', rev, `v${rev}`)));
    expect(await settings.read('lifetime')).toEqual({ _id: 'lifetime', rev: 5, value: 'v5' });
    await settings.keep('lifetime', 4, 'late');
    expect((await settings.read('lifetime'))?.value).toBe('v5');
    await settings.keep('lifetime', 6, 'v6');
    expect((await settings.read('lifetime'))?.value).toBe('v6');
  });

  it('keeps values another service owns (KeptValues) at their newest revision, and says whether it kept one', async () => {
    const kept = new KeptValues<number>(connection.db!, 'followed_settings');
    expect(await kept.get('quotes.default_expiry_days')).toBeUndefined();
    expect(await kept.keep('quotes.default_expiry_days', 30, 2)).toBe(true);
    expect(await kept.keep('quotes.default_expiry_days', 10, 1)).toBe(false);
    expect(await kept.keep('quotes.default_expiry_days', 14, 2)).toBe(false);
    expect(await kept.get('quotes.default_expiry_days')).toBe(30);
    expect(await kept.keep('quotes.default_expiry_days', 45, 3)).toBe(true);
    expect(await kept.get('quotes.default_expiry_days')).toBe(45);
  });
});
