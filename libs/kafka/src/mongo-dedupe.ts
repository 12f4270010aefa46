import { storeOf } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { DedupeStore } from './consumer';

/** Dedupe markers in the consuming service's own database, one document per (group, event id). */
export class MongoDedupeStore implements DedupeStore {
  private indexed: Promise<unknown> | null = null;

  constructor(private readonly connection: Connection) {}

  /** Markers expire after a week: redeliveries come within minutes, and handlers are idempotent anyway. */
  private ensureIndex(): Promise<unknown> {
    this.indexed ??= storeOf(this.connection.db!.databaseName)
      .expireAfter(this.collection as never, 'at', 7 * 86_400)
      .catch(() => {
        this.indexed = null;
      });
    return this.indexed;
  }

  private get collection() {
    return this.connection.collection<{ _id: string; outcome: string; at: Date }>('processed_events');
  }

  async seen(group: string, eventId: string): Promise<boolean> {
    return (await this.collection.countDocuments({ _id: `${group}:${eventId}` }, { limit: 1 })) > 0;
  }

  async remember(group: string, eventId: string, outcome: 'ok' | 'dead_lettered'): Promise<void> {
    await this.ensureIndex();
    try {
      await this.collection.insertOne({ _id: `${group}:${eventId}`, outcome, at: new Date() });
    } catch (e) {
      if ((e as { code?: number }).code !== 11000) throw e;
    }
  }
}
