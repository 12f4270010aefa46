import { createLogger } from '@sixa/observability';
import { infra, sleep } from '@sixa/testing';
import { randomUUID } from 'node:crypto';
import { EventConsumer } from '../src/consumer';
import { createEvent } from '../src/envelope';
import { createKafka, ensureTopics, IdempotentProducer } from '../src/kafka-client';

describe(EventConsumer.name, () => {
  const logger = createLogger('consumer-test', 'error');
  const kafka = createKafka({ clientId: 'consumer-test', brokers: infra().brokers }, logger);
  const producer = new IdempotentProducer(kafka);
  let consumer: EventConsumer | null = null;

  afterAll(async () => {
    await consumer?.stop();
    await producer.close();
  });

  it('with keyConcurrency, handles different keys of a partition at once and each key in order, every message once', async () => {
    // One partition: everything arrives in one stream, as a burst of commands does.
    const topic = `test.consumer-keys.${randomUUID().slice(0, 8)}.v1`;
    await ensureTopics(kafka, [topic], 1);
    const keys = ['lead-a', 'lead-b', 'lead-c', 'lead-d'];
    const perKey = 5;
    const messages = [];
    for (let i = 0; i < perKey; i++)
      for (const key of keys) {
        const event = createEvent('test', 'user.seen', key, 'test', { user_id: key, email: `${i}`, at: '' });
        messages.push({ key, value: JSON.stringify(event) });
      }
    await producer.send(topic, messages);

    const seen = new Map<string, number[]>();
    let running = 0;
    let mostAtOnce = 0;
    let done!: () => void;
    const all = new Promise<void>((r) => (done = r));
    consumer = new EventConsumer(
      kafka,
      producer,
      logger,
      { groupId: `consumer-test-${randomUUID()}`, topics: [topic], fromBeginning: true, keyConcurrency: 4 },
      async (event) => {
        if (event.type !== 'user.seen') return;
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(30); // a database write
        running--;
        const list = seen.get(event.subject) ?? [];
        list.push(Number(event.data.email));
        seen.set(event.subject, list);
        if ([...seen.values()].reduce((n, l) => n + l.length, 0) === keys.length * perKey) done();
      },
    );
    await consumer.start();
    await Promise.race([all, sleep(30_000)]);

    for (const key of keys) expect(seen.get(key)).toEqual([0, 1, 2, 3, 4]);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(4);
  });
});
