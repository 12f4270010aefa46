import { createLogger } from '@sixa/observability';
import { infra, uniqueNamespace } from '@sixa/testing';
import type { EventEnvelope } from '@sixa/contracts';
import { EventConsumer } from '../src/consumer';
import { createEvent } from '../src/envelope';
import { createKafka, ensureTopics, IdempotentProducer } from '../src/kafka-client';
import { KafkaNamespace } from '../src/namespace';

/**
 * Two deployments on one Kafka, each with its namespace: the same topic and group names in the code,
 * and neither sees the other's events. What the test stacks and a staging beside production rely on.
 */
describe('deployments on one Kafka (KAFKA_NAMESPACE)', () => {
  const logger = createLogger('namespace-test', 'error');
  const kafka = createKafka({ clientId: 'namespace-test', brokers: infra().brokers }, logger);
  const deployments = [uniqueNamespace(), uniqueNamespace()].map((name) => {
    const namespace = new KafkaNamespace(name);
    return { name, namespace, producer: new IdempotentProducer(kafka, namespace), seen: [] as EventEnvelope[] };
  });
  const consumers: EventConsumer[] = [];

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await Promise.all(deployments.map((d) => d.producer.close()));
  });

  it("publishes and reads its own topics under one group name, never the other deployment's", async () => {
    const topic = 'crm.events.v1';
    for (const d of deployments) {
      await ensureTopics(kafka, [topic], 1, d.namespace);
      const consumer = new EventConsumer(
        kafka,
        d.producer,
        logger,
        { groupId: 'crm-lead-history', topics: [topic], fromBeginning: true },
        async (event) => void d.seen.push(event),
      );
      consumers.push(consumer);
      await consumer.start();
    }
    const [a, b] = deployments;
    const scored = (lead: string) =>
      createEvent('crm', 'lead.scored', lead, 'test', {
        lead_id: lead,
        email: `${lead}@example.com`,
        score: 50,
        previous_score: 0,
        factors: [],
      });
    const fromA = scored('lead-a');
    const fromB = scored('lead-b');
    await a.producer.send(topic, [{ key: fromA.subject, value: JSON.stringify(fromA) }]);
    await b.producer.send(topic, [{ key: fromB.subject, value: JSON.stringify(fromB) }]);

    const deadline = Date.now() + 30_000;
    while ((a.seen.length < 1 || b.seen.length < 1) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(a.seen.map((e) => e.id)).toEqual([fromA.id]);
    expect(b.seen.map((e) => e.id)).toEqual([fromB.id]);

    // On the brokers: a topic and a group per deployment, the contracts' names behind the namespace.
    const admin = kafka.admin();
    await admin.connect();
    try {
      const topics = await admin.listTopics();
      expect(topics).toEqual(expect.arrayContaining([`${a.name}.${topic}`, `${b.name}.${topic}`]));
      const { groups } = await admin.describeGroups([`${a.name}.crm-lead-history`, `${b.name}.crm-lead-history`]);
      expect(groups.map((g) => g.members.length)).toEqual([1, 1]);
    } finally {
      await admin.disconnect();
    }
  });
});
