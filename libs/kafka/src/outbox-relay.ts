import type { Logger } from '@sixa/observability';
import { eventsPublished, outboxPending } from '@sixa/observability';
import { documentLocks } from '@sixa/mongo';
import type { Collection, Document } from 'mongodb';
import type { OutboxEntry } from './envelope';
import type { IdempotentProducer } from './kafka-client';

export interface OutboxRelayOptions {
  /** Sweep interval: the safety net for events written while the relay was down or Kafka was away. */
  pollIntervalMs?: number;
  batchSize?: number;
}

interface OutboxDoc extends Document {
  outbox?: OutboxEntry[];
  deleted_at?: Date | null;
}

/**
 * Publishes the events that services keep inside the documents they change (the `outbox` array,
 * written in the same single-document update as the change), then removes exactly those entries.
 * A crash between publish and removal publishes again on the next pass: consumers dedupe by event id.
 * A soft-deleted document is removed for good once its last event is out.
 */
export class OutboxRelay {
  private readonly collections = new Map<string, Collection<OutboxDoc>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private failures = 0;

  constructor(
    private readonly producer: IdempotentProducer,
    private readonly logger: Logger,
    opts: OutboxRelayOptions = {},
  ) {
    this.pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.batchSize = opts.batchSize ?? 100;
  }

  register(collection: Collection<any>): void {
    this.collections.set(collection.collectionName, collection as Collection<OutboxDoc>);
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      // Back off while Kafka is unreachable, up to 10 s between attempts.
      const delay = Math.min(this.pollIntervalMs * 2 ** Math.min(this.failures, 4), 10_000);
      this.timer = setTimeout(tick, delay);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Runs a pass now (after a write), or right after the one in progress. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.passAll();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async passAll(): Promise<void> {
    for (const collection of this.collections.values()) {
      try {
        let published: number;
        do {
          published = await this.pass(collection);
        } while (published >= this.batchSize && !this.stopped);
        this.failures = 0;
      } catch (e) {
        this.failures++;
        this.logger.warn({ err: e, collection: collection.collectionName }, 'outbox relay pass failed; will retry');
      }
    }
  }

  private async pass(collection: Collection<OutboxDoc>): Promise<number> {
    const docs = await collection
      .find({ 'outbox.0': { $exists: true } }, { projection: { outbox: 1, deleted_at: 1 } })
      .limit(this.batchSize)
      .toArray();
    outboxPending.observe({ collection: collection.collectionName }, docs.length);
    for (const doc of docs) {
      const entries = doc.outbox ?? [];
      // One document's events go out in the order they were written, keyed by the aggregate id.
      for (const entry of entries) {
        await this.producer.send(entry.topic, [
          { key: entry.key, value: entry.value, headers: { 'ce-id': entry.id } },
        ]);
        eventsPublished.inc({ topic: entry.topic, type: typeOf(entry.value) });
      }
      await documentLocks.run(collection.collectionName, doc._id, async () => {
        await collection.updateOne({ _id: doc._id }, { $pullAll: { outbox: entries } } as never);
        if (doc.deleted_at) {
          await collection.deleteOne({ _id: doc._id, deleted_at: { $ne: null }, 'outbox.0': { $exists: false } });
        }
      });
    }
    return docs.length;
  }
}

function typeOf(value: string): string {
  try {
    return String((JSON.parse(value) as { type?: unknown }).type ?? 'unknown');
  } catch {
    return 'unknown';
  }
}
