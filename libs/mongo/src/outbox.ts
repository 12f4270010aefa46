import { EVENT_TOPICS, type EventEnvelope } from '@sixa/contracts';
import type { Collection, Document } from 'mongodb';
import { storeOfCollection } from './store-adapter';

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

/**
 * Marks the entries `doc` held as published: removes exactly those from its outbox (entries written
 * since stay), and a soft-deleted document whose last event is out goes for good. One write to the
 * document, through the store adapter (serialised where the engine has no atomic updates).
 */
export async function removePublished(collection: Collection<any>, doc: WrittenDoc): Promise<void> {
  const entries = doc.outbox ?? [];
  await storeOfCollection(collection).write(collection.collectionName, doc._id, async () => {
    const removal: Document = { $pullAll: { outbox: entries } };
    await collection.updateOne({ _id: doc._id }, removal);
    if (doc.deleted_at)
      await collection.deleteOne({ _id: doc._id, deleted_at: { $ne: null }, 'outbox.0': { $exists: false } });
  });
}

/**
 * The `outbox` field of a mongoose schema whose documents carry their events (an OutboxEntry each);
 * a fresh definition per schema (mongoose may keep and change what it is given).
 */
export function outboxSchemaField() {
  return { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] };
}
