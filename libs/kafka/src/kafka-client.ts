import { Kafka, logLevel, type KafkaConfig, type LogEntry, type Producer, type Message } from 'kafkajs';
import { EVENT_TOPICS, type EventEnvelope } from '@sixa/contracts';
import type { Logger } from '@sixa/observability';
import { EventContractCheck } from './event-contract';
import { KafkaNamespace } from './namespace';

export interface KafkaOptions {
  clientId: string;
  brokers: string[];
  /** How long one connect/send may wait for a broker before failing (ms). */
  connectionTimeoutMs?: number;
  /** The deployment's namespace on the brokers (KAFKA_NAMESPACE; see KafkaNamespace). */
  namespace?: string;
}

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** Warnings kafkajs prints on every producer it creates, about settings we chose on purpose. */
const EXPECTED = [/switched default partitioner/, /Limiting retries for the idempotent producer/];

export function createKafka(opts: KafkaOptions, logger: Logger): Kafka {
  const config: KafkaConfig = {
    clientId: opts.clientId,
    brokers: opts.brokers,
    connectionTimeout: opts.connectionTimeoutMs ?? 3000,
    requestTimeout: 10_000,
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }: LogEntry) => {
        const { message, ...extra } = log;
        if (EXPECTED.some((re) => re.test(message))) return;
        // Broker outages are expected (the outbox rides them out): keep them at warn.
        logger[level === logLevel.ERROR ? 'warn' : (levels[level] ?? 'info')]({ kafka: extra }, `kafka: ${message}`);
      },
  };
  return new Kafka(config);
}

/**
 * An idempotent producer (acks=all, one request in flight) that reconnects after a failure instead of
 * leaving a broken client behind. Topics are named as the contracts name them; it publishes to them in
 * its deployment's namespace (which the consumers of this process share).
 */
export class IdempotentProducer {
  private producer: Producer | null = null;
  private connecting: Promise<Producer> | null = null;
  /** Only in tests (SIXA_EVENT_CONTRACT_CHECK): every event sent is checked against the AsyncAPI document. */
  private readonly contract = EventContractCheck.fromEnv();

  constructor(
    private readonly kafka: Kafka,
    readonly namespace = new KafkaNamespace(),
  ) {}

  private async get(): Promise<Producer> {
    if (this.producer) return this.producer;
    if (!this.connecting) {
      const p = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: true,
        retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
      });
      this.connecting = p
        .connect()
        .then(() => {
          this.producer = p;
          return p;
        })
        .finally(() => {
          this.connecting = null;
        });
    }
    return this.connecting;
  }

  async send(topic: string, messages: Message[]): Promise<void> {
    if (this.contract) void this.contract.check(topic, messages);
    const producer = await this.get();
    try {
      await producer.send({ topic: this.namespace.topic(topic), messages, acks: -1 });
    } catch (e) {
      this.producer = null;
      await producer.disconnect().catch(() => undefined);
      throw e;
    }
  }

  /**
   * One event on its topic (EVENT_TOPICS), keyed by its subject: for what no document's outbox can
   * carry (an answer to a command that changed nothing; a redelivery publishes it again, harmlessly).
   */
  publish(event: EventEnvelope): Promise<void> {
    return this.send(EVENT_TOPICS[event.type], [{ key: event.subject, value: JSON.stringify(event) }]);
  }

  /**
   * Several topics' messages in one request (per partition in the order given): what one pass of the
   * outbox relay has to publish, at the cost of one round trip instead of one per event.
   */
  async sendBatch(topicMessages: Array<{ topic: string; messages: Message[] }>): Promise<void> {
    if (!topicMessages.length) return;
    if (this.contract) for (const t of topicMessages) void this.contract.check(t.topic, t.messages);
    const producer = await this.get();
    try {
      const named = topicMessages.map((t) => ({ ...t, topic: this.namespace.topic(t.topic) }));
      await producer.sendBatch({ topicMessages: named, acks: -1 });
    } catch (e) {
      this.producer = null;
      await producer.disconnect().catch(() => undefined);
      throw e;
    }
  }

  async close(): Promise<void> {
    const p = this.producer;
    this.producer = null;
    if (p) await p.disconnect().catch(() => undefined);
  }
}

/** Creates topics that do not exist yet in the namespace (idempotent). */
export async function ensureTopics(
  kafka: Kafka,
  topics: string[],
  partitions = 3,
  namespace = new KafkaNamespace(),
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.map((t) => namespace.topic(t)).filter((t) => !existing.has(t));
    if (missing.length) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}
