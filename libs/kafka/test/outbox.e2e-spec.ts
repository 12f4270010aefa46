import { TOPICS } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { infra, sleep, uniqueDbName } from '@sixa/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { EventConsumer } from '../src/consumer';
import { createEvent, toOutboxEntry } from '../src/envelope';
import { createKafka, ensureTopics, IdempotentProducer } from '../src/kafka-client';
import { MongoDedupeStore } from '../src/mongo-dedupe';
import { OutboxRelay } from '../src/outbox-relay';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort, startKafka } = require('../../../deploy/infra');

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The outbox against a Kafka of its own, which the test stops and starts again: an event written
 * while Kafka is down is published once it is back, and a deduplicating consumer handles it once.
 */
describe(OutboxRelay.name, () => {
  const logger = createLogger('outbox-test', 'error');
  let dataDir: string;
  let port: number;
  let controllerPort: number;
  let kafkaProc: { stop(): Promise<void> };
  let conn: Connection;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sixa-outbox-'));
    port = await freePort();
    controllerPort = await freePort();
    kafkaProc = await startKafka({ port, controllerPort, dataDir, heapMb: 384 });
    conn = await mongoose.createConnection(infra().mongoUrl, { dbName: uniqueDbName('outbox') }).asPromise();
  }, 120_000);

  afterAll(async () => {
    await kafkaProc?.stop();
    await conn?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes an event written while Kafka is down after Kafka comes back, exactly once as seen by a deduplicating consumer', async () => {
    const brokers = [`127.0.0.1:${port}`];
    const kafka = createKafka({ clientId: 'outbox-test', brokers, connectionTimeoutMs: 1000 }, logger);
    await ensureTopics(kafka, [TOPICS.auth]);
    const producer = new IdempotentProducer(kafka);
    const relay = new OutboxRelay(producer, logger, { pollIntervalMs: 200 });
    const things = conn.collection('things');
    relay.register(things);
    relay.start();

    await kafkaProc.stop();

    const event = createEvent('auth', 'user.created', 'thing-1', 'system', {
      user: {
        id: 'thing-1',
        name: 'n',
        email: 'e@x',
        role: 'employee',
        is_active: true,
        created_at: new Date().toISOString(),
      },
    });
    await things.insertOne({ name: 'written while Kafka is down', outbox: [toOutboxEntry(event)] });
    await relay.kick();
    await sleep(1500);
    expect((await things.findOne({ name: 'written while Kafka is down' }))?.outbox).toHaveLength(1);

    kafkaProc = await startKafka({ port, controllerPort, dataDir, heapMb: 384 });
    await until(async () => ((await things.findOne({}))?.outbox ?? []).length === 0, 90_000, 'the relay to publish');

    // A relay that crashed after publishing but before removing the entry publishes it again.
    await producer.send(TOPICS.auth, [{ key: event.subject, value: JSON.stringify(event) }]);

    const handled: string[] = [];
    const consumer = new EventConsumer(
      kafka,
      producer,
      logger,
      {
        groupId: `outbox-test-${Date.now()}`,
        topics: [TOPICS.auth],
        fromBeginning: true,
        dedupe: new MongoDedupeStore(conn),
      },
      async (e) => {
        handled.push(e.id);
      },
    );
    await consumer.start();
    await until(async () => handled.includes(event.id), 60_000, 'the consumer to see the event');
    await sleep(2000);
    expect(handled.filter((id) => id === event.id)).toHaveLength(1);

    await consumer.stop();
    await relay.stop();
    await producer.close();
  }, 240_000);

  it('publishes what a write hands over without reading the document, each entry once and in order', async () => {
    const brokers = [`127.0.0.1:${port}`];
    const kafka = createKafka({ clientId: 'outbox-test-2', brokers, connectionTimeoutMs: 1000 }, logger);
    await ensureTopics(kafka, [TOPICS.auth]);
    const producer = new IdempotentProducer(kafka);
    const relay = new OutboxRelay(producer, logger, { pollIntervalMs: 200, sweepIntervalMs: 600_000 });
    const notes = conn.collection('notes');
    relay.register(notes);
    relay.start();
    const subject = `note-${Date.now()}`;
    const note = (n: number) =>
      toOutboxEntry(
        createEvent('auth', 'user.updated', subject, 'system', {
          user: { id: subject, name: `v${n}`, email: 'e@x', role: 'employee', is_active: true, created_at: '' },
          changed_fields: ['name'],
          before: {},
          after: { name: `v${n}` },
        }),
      );
    const [e1, e2, e3, e4] = [note(1), note(2), note(3), note(4)];

    const seen: string[] = [];
    const consumer = new EventConsumer(
      kafka,
      producer,
      logger,
      { groupId: `outbox-written-${Date.now()}`, topics: [TOPICS.auth], fromBeginning: false },
      async (e) => {
        if (e.subject === subject) seen.push(e.id);
      },
    );
    await consumer.start();
    await consumer.fetching;

    // Two writes close together: the second's answer still holds the first's entry, which goes out
    // once all the same; every entry in the order written.
    const { insertedId } = await notes.insertOne({ rev: 1, outbox: [e1, e2, e3] });
    await Promise.all([
      relay.written(notes, { _id: insertedId, rev: 0, outbox: [e1] }),
      relay.written(notes, { _id: insertedId, rev: 1, outbox: [e1, e2, e3] }),
    ]);
    await until(async () => ((await notes.findOne({ _id: insertedId }))?.outbox ?? []).length === 0, 30_000, 'removal');
    // A state handed over late (its entries already out and removed) sends nothing again.
    await relay.written(notes, { _id: insertedId, rev: 1, outbox: [e1, e2, e3] });
    // What is handed over is what goes out: the relay does not read the document (which holds no e4).
    await relay.written(notes, { _id: insertedId, rev: 2, outbox: [e4] });
    await until(async () => seen.length >= 4, 60_000, 'the consumer to see the events');
    await sleep(1500);
    expect(seen).toEqual([e1.id, e2.id, e3.id, e4.id]);

    await consumer.stop();
    await relay.stop();
    await producer.close();
  }, 120_000);
});
