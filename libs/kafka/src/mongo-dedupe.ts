import { CollectionRepository } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { DedupeStore } from './consumer';

interface ProcessedEventDoc {
  /** `<group>:<event id>`. */
  _id: string;
  outcome: 'ok' | 'dead_lettered';
  at: Date;
}

/** The events each consumer group has processed, one document per (group, event id). */
class ProcessedEventsRepository extends CollectionRepository<ProcessedEventDoc> {
  constructor(connection: Connection) {
    super(connection.collection<ProcessedEventDoc>('processed_events'));
  }

  /** Markers expire after a week: redeliveries come within minutes, and handlers are idempotent anyway. */
  expire(): Promise<void> {
    return this.expireAfter('at', 7 * 86_400);
  }

  seen(key: string): Promise<boolean> {
    return this.exists(key);
  }

  /** Remembers the event once (a marker made before stays). */
  async remember(key: string, outcome: ProcessedEventDoc['outcome']): Promise<void> {
    await this.insertOnce({ _id: key, outcome, at: new Date() });
  }
}

/** Dedupe markers in the consuming service's own database, one document per (group, event id). */
export class MongoDedupeStore implements DedupeStore {
  private indexed: Promise<unknown> | null = null;
  private readonly processed: ProcessedEventsRepository;

  constructor(connection: Connection) {
    this.processed = new ProcessedEventsRepository(connection);
  }

  private ensureIndex(): Promise<unknown> {
    this.indexed ??= this.processed.expire().catch(() => {
      this.indexed = null;
    });
    return this.indexed;
  }

  seen(group: string, eventId: string): Promise<boolean> {
    return this.processed.seen(`${group}:${eventId}`);
  }

  async remember(group: string, eventId: string, outcome: 'ok' | 'dead_lettered'): Promise<void> {
    await this.ensureIndex();
    await this.processed.remember(`${group}:${eventId}`, outcome);
  }
}
