import { dlqTopic, isEventEnvelope, type EventEnvelope } from '@sixa/contracts';
import type { Logger } from '@sixa/observability';
import { eventsConsumed } from '@sixa/observability';
import type { Consumer, Kafka, KafkaMessage } from 'kafkajs';
import type { IdempotentProducer } from './kafka-client';

/** Remembers which event ids a consumer group has handled, so a redelivery is a no-op. */
export interface DedupeStore {
  seen(group: string, eventId: string): Promise<boolean>;
  remember(group: string, eventId: string, outcome: 'ok' | 'dead_lettered'): Promise<void>;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface ConsumerOptions {
  /** The group's name within the deployment (the producer's namespace is put before it on the brokers). */
  groupId: string;
  /** Topics as the contracts name them. */
  topics: string[];
  /** Read the topics from their start when the group has no committed offset. */
  fromBeginning?: boolean;
  /** Attempts per message before it goes to `<topic>.dlq`. */
  maxAttempts?: number;
  retryDelayMs?: number;
  dedupe?: DedupeStore;
  /**
   * The event types the handler acts on, when it acts on a few of a topic's: the others are passed
   * over before the dedupe store (no bookkeeping reads and writes for them; a new group reading a long
   * topic from its start gets through it that much faster).
   */
  types?: ReadonlySet<string>;
  /**
   * Partitions handled at once by this process (default 3, the partitions of our topics). Order holds
   * within a partition (per aggregate: the message key); across partitions handlers already run
   * concurrently whenever two replicas share a group, so they are written for it.
   */
  partitionsConcurrently?: number;
  /**
   * Messages of one partition handled at once when their keys differ (default 1: one at a time).
   * Order holds per key (per aggregate), which is all a handler written for several replicas relies
   * on; a burst of commands for different leads then waits on the database in parallel. The batch's
   * offsets are committed once all its messages are handled (a crash redelivers the batch).
   */
  keyConcurrency?: number;
  /**
   * How long one message may take before the group counts this process gone (default 10 s: a dead
   * replica's partitions move on quickly). A consumer whose messages are big batches of work (a sync's
   * page of records) sets more, or it is put out of its group mid-message and the page comes again.
   */
  sessionTimeoutMs?: number;
}

/**
 * At-least-once consumption of domain events: each message is parsed, skipped if already handled,
 * handed to the handler with bounded retries, and dead-lettered with its error if it keeps failing,
 * after which the consumer moves on.
 */
export class EventConsumer {
  private consumer: Consumer | null = null;
  private markFetching!: () => void;
  /**
   * Resolves when the consumer has joined its group and fetches: from then on, every message
   * published is seen (a new group without committed offsets starts at the end of the topic).
   */
  readonly fetching = new Promise<void>((resolve) => {
    this.markFetching = resolve;
  });

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: IdempotentProducer,
    private readonly logger: Logger,
    private readonly opts: ConsumerOptions,
    private readonly handler: EventHandler,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    const names = this.producer.namespace;
    const consumer = this.kafka.consumer({
      groupId: names.group(this.opts.groupId),
      sessionTimeout: this.opts.sessionTimeoutMs ?? 10_000,
      heartbeatInterval: 1000,
      maxWaitTimeInMs: 100,
      retry: {
        retries: 10,
        initialRetryTime: 300,
        maxRetryTime: 5000,
        // A consumer that crashed restarts by itself, unless this process is stopping it: a restart
        // then would rejoin the group with its database closed and hold partitions it cannot handle.
        restartOnFailure: async () => !this.stopped,
      },
    });
    this.consumer = consumer;
    // A restart already on its way when stop() disconnected it comes back: leave the group again.
    consumer.on(consumer.events.GROUP_JOIN, () => {
      if (this.stopped) void consumer.disconnect().catch(() => undefined);
    });
    const off = consumer.on(consumer.events.FETCH_START, () => {
      off();
      this.markFetching();
    });
    await consumer.connect();
    // Stopped while connecting (an app closed during its start): leave nothing running behind.
    if (this.stopped) return void (await consumer.disconnect().catch(() => undefined));
    for (const topic of this.opts.topics) {
      await consumer.subscribe({ topic: names.topic(topic), fromBeginning: this.opts.fromBeginning ?? false });
    }
    if (this.stopped) return void (await consumer.disconnect().catch(() => undefined));
    const keyConcurrency = this.opts.keyConcurrency ?? 1;
    if (keyConcurrency <= 1) {
      await consumer.run({
        partitionsConsumedConcurrently: this.opts.partitionsConcurrently ?? 3,
        eachMessage: async ({ topic, message }) => {
          await this.handle(names.local(topic), message.value?.toString() ?? '', message.key?.toString());
        },
      });
      return;
    }
    await consumer.run({
      partitionsConsumedConcurrently: this.opts.partitionsConcurrently ?? 3,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        // One queue per key, in the partition's order; the queues run `keyConcurrency` at a time.
        const queues = new Map<string, KafkaMessage[]>();
        for (const m of batch.messages) {
          const key = m.key?.toString() ?? '';
          const queue = queues.get(key) ?? [];
          queue.push(m);
          queues.set(key, queue);
        }
        const pending = [...queues.values()];
        await Promise.all(
          Array.from({ length: Math.min(keyConcurrency, pending.length) }, async () => {
            for (let queue = pending.shift(); queue; queue = pending.shift()) {
              for (const m of queue) {
                if (!isRunning() || isStale()) return;
                await this.handle(names.local(batch.topic), m.value?.toString() ?? '', m.key?.toString());
                await heartbeat();
              }
            }
          }),
        );
        if (!isRunning() || isStale()) return;
        for (const m of batch.messages) resolveOffset(m.offset);
        await heartbeat();
      },
    });
  }

  private async handle(topic: string, raw: string, key?: string): Promise<void> {
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      event = undefined;
    }
    if (!isEventEnvelope(event)) {
      await this.deadLetter(topic, raw, key, new Error('not a CloudEvents envelope'), 0);
      return;
    }
    const { dedupe, groupId, types } = this.opts;
    if (types && !types.has(event.type)) {
      eventsConsumed.inc({ topic, type: event.type, outcome: 'passed_over' });
      return;
    }
    if (dedupe && (await dedupe.seen(groupId, event.id))) {
      eventsConsumed.inc({ topic, type: event.type, outcome: 'duplicate' });
      return;
    }
    const maxAttempts = this.opts.maxAttempts ?? 3;
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        await this.handler(event);
        await dedupe?.remember(groupId, event.id, 'ok');
        eventsConsumed.inc({ topic, type: event.type, outcome: 'ok' });
        return;
      } catch (e) {
        lastError = e;
        this.logger.warn({ err: e, event_id: event.id, type: event.type, attempt }, 'event handler failed');
        if (attempt < maxAttempts) await sleep((this.opts.retryDelayMs ?? 200) * attempt);
      }
    }
    await this.deadLetter(topic, raw, key, lastError, maxAttempts);
    await dedupe?.remember(groupId, event.id, 'dead_lettered');
    eventsConsumed.inc({ topic, type: event.type, outcome: 'dead_lettered' });
  }

  private async deadLetter(topic: string, raw: string, key: string | undefined, error: unknown, attempts: number) {
    const message = error instanceof Error ? error.message : String(error);
    this.logger.error({ topic, error: message, attempts }, 'event dead-lettered');
    await this.producer.send(dlqTopic(topic), [
      {
        key: key ?? null,
        value: raw,
        headers: {
          'x-original-topic': topic,
          'x-consumer-group': this.opts.groupId,
          'x-error': message.slice(0, 1000),
          'x-attempts': String(attempts),
        },
      },
    ]);
  }

  private stopped = false;

  async stop(): Promise<void> {
    this.stopped = true;
    const c = this.consumer;
    this.consumer = null;
    if (c) await c.disconnect().catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
