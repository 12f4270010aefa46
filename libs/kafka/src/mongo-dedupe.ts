import type { Connection } from 'mongoose';
import type { DedupeStore } from './consumer';
import { ProcessedEventsRepository } from './processed-events.repository';

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
