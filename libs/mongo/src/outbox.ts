import { EVENT_TOPICS, type EventEnvelope } from '@sixa/contracts';
import type { Collection } from 'mongodb';

/** An event waiting in the document it is about: the topic, the key (aggregate id) and the serialised envelope. */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  value: string;
}

export function toOutboxEntry(event: EventEnvelope): OutboxEntry {
  return { id: event.id, topic: EVENT_TOPICS[event.type], key: event.subject, value: JSON.stringify(event) };
}

/**
 * A document as a write left it (the write's answer: an insert's document, a find-and-modify's
 * `returnDocument: 'after'`): its whole outbox in the order written, leftovers of earlier writes first.
 */
export interface WrittenDoc {
  _id: unknown;
  rev?: number;
  outbox?: OutboxEntry[];
  deleted_at?: Date | null;
}

/** What publishes the outbox entries written into a collection's documents (the Kafka outbox relay). */
export interface OutboxSink {
  register(collection: Collection<any>): void;
  /** A write put entries into these documents: publish them soon (the relay reads them). */
  kick(collection: Collection<any>, ...ids: unknown[]): Promise<void>;
  /**
   * A write put entries into these documents and answered with them: publish them soon, without
   * reading the documents again.
   */
  written(collection: Collection<any>, ...docs: WrittenDoc[]): Promise<void>;
}
