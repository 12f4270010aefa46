import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  Optional,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { createLogger, HealthRegistry, type Logger } from '@sixa/observability';
import type { Kafka } from 'kafkajs';
import { Lease, MONGO_CONNECTION } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { EventConsumer, type ConsumerOptions, type EventHandler } from './consumer';
import { createKafka, ensureTopics, IdempotentProducer, type KafkaOptions } from './kafka-client';
import { KafkaNamespace } from './namespace';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';

export const KAFKA = Symbol('KAFKA');
export const KAFKA_LOGGER = Symbol('KAFKA_LOGGER');
export const KAFKA_TOPICS = Symbol('KAFKA_TOPICS');

export interface KafkaModuleOptions extends KafkaOptions {
  /** Topics this process publishes to or reads; created at start when missing. */
  topics: string[];
  relay?: OutboxRelayOptions;
}

/** Starts consumers after the app is up and stops them, the relay and the producer on shutdown. */
@Injectable()
export class KafkaLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumers: EventConsumer[] = [];

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(KAFKA_LOGGER) private readonly logger: Logger,
    @Inject(KAFKA_TOPICS) private readonly topics: string[],
    private readonly producer: IdempotentProducer,
    private readonly relay: OutboxRelay,
    health: HealthRegistry,
    @Optional() @Inject(MONGO_CONNECTION) connection?: Connection,
  ) {
    // One replica sweeps the outboxes; the lease outlives two sweep intervals, so a replica that dies
    // is replaced within a minute (a clean stop hands it over at once).
    if (connection) relay.useSweepLease(new Lease(connection, `outbox-sweep`, 60_000));
    health.register('kafka', async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        await admin.describeCluster();
      } finally {
        await admin.disconnect();
      }
    });
  }

  /** Declares a consumer; it starts with the app (or at once if the app is already up). */
  consume(opts: ConsumerOptions, handler: EventHandler): EventConsumer {
    const consumer = new EventConsumer(this.kafka, this.producer, this.logger, opts, handler);
    this.consumers.push(consumer);
    if (this.started) this.startConsumer(consumer);
    return consumer;
  }

  /**
   * Resolves when every consumer declared so far has joined its group and fetches: from then on
   * nothing published is missed by a group that reads from the end (a test sends only after it).
   */
  fetching(): Promise<void> {
    return Promise.all(this.consumers.map((c) => c.fetching)).then(() => undefined);
  }

  private started = false;
  /** Settles once this process's topics exist (or it is stopping): consumers subscribe after it. */
  private topicsCreated: Promise<void> = Promise.resolve();

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    // Topic creation and consumers retry in the background: a service starts and keeps its
    // outbox even while Kafka is away. Consumers wait for the topics: subscribing to one not yet
    // created fails and waits a retry, and a group that joins late misses what was sent meanwhile
    // (a new deployment's namespace starts with no topics at all).
    this.topicsCreated = this.retry('create topics', () =>
      ensureTopics(this.kafka, this.topics, 3, this.producer.namespace),
    );
    this.relay.start();
    for (const c of this.consumers) this.startConsumer(c);
  }

  private startConsumer(c: EventConsumer): void {
    void this.topicsCreated.then(() => this.retry('start consumer', () => c.start()));
  }

  private async retry(what: string, fn: () => Promise<void>): Promise<void> {
    for (let attempt = 1; this.started; attempt++) {
      try {
        await fn();
        return;
      } catch (e) {
        this.logger.warn({ err: e, attempt }, `kafka: ${what} failed; retrying`);
        await new Promise((r) => setTimeout(r, Math.min(1000 * attempt, 10_000)));
      }
    }
  }

  /** Before the database connection closes: the relay and the handlers still use it. */
  async beforeApplicationShutdown(): Promise<void> {
    this.started = false;
    await Promise.all(this.consumers.map((c) => c.stop()));
    await this.relay.stop();
    await this.producer.close();
  }
}

@Global()
@Module({})
export class KafkaModule {
  static forRoot(options: KafkaModuleOptions): DynamicModule {
    return {
      module: KafkaModule,
      providers: [
        { provide: KAFKA_LOGGER, useFactory: () => createLogger(`${options.clientId}:kafka`) },
        { provide: KAFKA_TOPICS, useValue: options.topics },
        { provide: KAFKA, useFactory: (logger: Logger) => createKafka(options, logger), inject: [KAFKA_LOGGER] },
        {
          provide: IdempotentProducer,
          useFactory: (kafka: Kafka) => new IdempotentProducer(kafka, new KafkaNamespace(options.namespace)),
          inject: [KAFKA],
        },
        {
          provide: OutboxRelay,
          useFactory: (producer: IdempotentProducer, logger: Logger) =>
            new OutboxRelay(producer, logger, options.relay),
          inject: [IdempotentProducer, KAFKA_LOGGER],
        },
        KafkaLifecycle,
      ],
      exports: [KAFKA, IdempotentProducer, OutboxRelay, KafkaLifecycle],
    };
  }
}
