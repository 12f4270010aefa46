import type { EventEnvelope } from '@sixa/contracts';
import { infra, uniqueDbName } from '@sixa/testing';
import { Schema, type Connection, type Types } from 'mongoose';
import type { Collection } from 'mongodb';
import { BaseRepository } from '../src/base.repository';
import { connectMongo } from '../src/mongo.module';
import type { OutboxEntry, OutboxSink, WrittenDoc } from '../src/outbox';

interface CounterDoc {
  _id: Types.ObjectId;
  rev?: number;
  outbox?: OutboxEntry[];
  name: string;
  n: number;
}
interface Counter {
  id: string;
  name: string;
  n: number;
  rev: number;
}

/** What the repository told the relay after its writes. */
class RecordingSink implements OutboxSink {
  readonly kicked: unknown[] = [];
  readonly handed: WrittenDoc[] = [];
  register(): void {}
  async kick(_c: Collection<any>, ...ids: unknown[]) {
    this.kicked.push(...ids);
  }
  async written(_c: Collection<any>, ...docs: WrittenDoc[]) {
    this.handed.push(...docs);
  }
}

class Counters extends BaseRepository<CounterDoc, Counter> {}

const event = (n: number): EventEnvelope =>
  ({
    specversion: '1.0',
    id: `evt-${n}-${Math.random()}`,
    source: 'test',
    type: 'lead.created',
    subject: 'c',
    time: new Date().toISOString(),
    actor: 'test',
    data: { n },
  }) as unknown as EventEnvelope;

/** BaseRepository.change from a document the caller holds, and what it hands the outbox relay. */
describe('BaseRepository.change', () => {
  let connection: Connection;
  let sink: RecordingSink;
  let repo: Counters;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('change') });
    const schema = new Schema<CounterDoc>(
      {
        name: String,
        n: Number,
        rev: Number,
        outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
      },
      { versionKey: false },
    );
    sink = new RecordingSink();
    repo = new Counters(connection.model<CounterDoc>('Counter', schema), { outbox: sink });
    await repo.init();
  });
  afterAll(() => connection.close());

  it('computes from the document it is given, and reads when that one is no longer the stored one', async () => {
    const created = await repo.insert({ name: 'c', n: 0 });
    const read = async () => (await connection.collection('counters').findOne({ name: 'c' })) as unknown as CounterDoc;
    const first = await repo.change({ _id: created.id }, (d) => ({ set: { n: d.n + 1 } }));
    if (first.status !== 'changed') throw new Error(first.status);
    expect(first.doc).toMatchObject({ n: 1, rev: 1 });

    // From the written document handed back: no read needed, the revision guards the write.
    const seen: number[] = [];
    const second = await repo.change(
      { _id: created.id },
      (d) => {
        seen.push(d.rev ?? 0);
        return { set: { n: d.n + 1 } };
      },
      { current: first.doc },
    );
    expect(second.status).toBe('changed');
    expect(seen).toEqual([1]);
    expect(await read()).toMatchObject({ n: 2, rev: 2 });

    // Someone else changed it since: the write from the old document misses, the change is computed
    // again from a read, and nothing is lost.
    seen.length = 0;
    const third = await repo.change(
      { _id: created.id },
      (d) => {
        seen.push(d.rev ?? 0);
        return { set: { n: d.n + 10 } };
      },
      { current: first.doc },
    );
    expect(third.status).toBe('changed');
    expect(seen).toEqual([1, 2]);
    expect(await read()).toMatchObject({ n: 12, rev: 3 });

    // A document given that says "nothing to do" is not believed either: the read decides.
    const stale = { ...first.doc, n: 100 };
    const fourth = await repo.change({ _id: created.id }, (d) => (d.n >= 100 ? null : { set: { n: 100 } }), {
      current: stale,
    });
    expect(fourth.status).toBe('changed');
    expect(await read()).toMatchObject({ n: 100, rev: 4 });
  });

  it('hands the relay the document as each write left it, its whole outbox in order, instead of naming it', async () => {
    sink.kicked.length = 0;
    sink.handed.length = 0;
    const [e1, e2, e3] = [event(1), event(2), event(3)];
    const created = await repo.insert({ name: 'd', n: 0 }, () => [e1]);
    expect(sink.handed.map((d) => d.outbox?.map((o) => o.id))).toEqual([[e1.id]]);
    await repo.change({ _id: created.id }, (d) => ({ set: { n: d.n + 1 }, events: () => [e2, e3] }));
    // The relay has not removed e1 (no relay here): the write's answer holds the three, in order.
    expect(sink.handed[1]).toMatchObject({ rev: 1 });
    expect(sink.handed[1].outbox?.map((o) => o.id)).toEqual([e1.id, e2.id, e3.id]);
    // A change without events hands nothing over.
    await repo.change({ _id: created.id }, (d) => ({ set: { n: d.n + 1 } }));
    expect(sink.handed).toHaveLength(2);
    expect(sink.kicked).toEqual([]);
  });
});
