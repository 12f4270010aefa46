import { CollectionRepository } from '@sixa/mongo';
import type { Collection, Document as MongoDocument, Filter, OptionalUnlessRequiredId, UpdateFilter } from 'mongodb';

/** What is stored of each mail under its idempotency key, plus whatever the sender adds (`meta`). */
export interface MailRecord extends MongoDocument {
  /** The sender's idempotency key: one mail per key. */
  _id: string;
  to: string;
  subject: string;
  body: string;
  transport: 'smtp' | 'outbox';
  status: 'sending' | 'sent';
  file: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/**
 * The record of every mail a sender sends, one per idempotency key (its `_id`). Each service names its
 * own collection in a repository of its own (`class SigningMailsRepository extends MailRecordsRepository`).
 */
export class MailRecordsRepository<R extends MailRecord = MailRecord> extends CollectionRepository<R> {
  constructor(collection: Collection<R>) {
    super(collection);
  }

  /** The outbox listing's index (newest first). */
  async ensureIndexes(): Promise<void> {
    await this.createIndex({ created_at: -1 });
  }

  byKey(key: string): Promise<R | null> {
    return this.findById(key);
  }

  /** Records a mail about to go out; false when its key was recorded before. */
  recordSending(record: R): Promise<boolean> {
    return this.insertOnce(record as OptionalUnlessRequiredId<R>);
  }

  async markSent(key: string, file: string | null, at = new Date()): Promise<void> {
    const sent: Partial<MailRecord> = { status: 'sent', file, sent_at: at };
    await this.updateById(key, { $set: sent } as UpdateFilter<R>);
  }

  /** The mails sent, newest first. */
  async listSent(limit = 100): Promise<R[]> {
    return this.findMatching({ status: 'sent' } as Filter<R>, { sort: { created_at: -1 }, limit });
  }
}
