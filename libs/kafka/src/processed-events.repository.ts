import { CollectionRepository } from '@sixa/mongo';
import type { Connection } from 'mongoose';

export interface ProcessedEventDoc {
  /** `<group>:<event id>`. */
  _id: string;
  outcome: 'ok' | 'dead_lettered';
  at: Date;
}

/** The events each consumer group has processed, one document per (group, event id). */
export class ProcessedEventsRepository extends CollectionRepository<ProcessedEventDoc> {
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
