import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { UpdateFilter } from 'mongodb';
import type { Connection } from 'mongoose';
import type { CalendarFeedDoc } from './calendar-feed.schema';

/** Each user's feed-link version: one small document per user, changed with atomic updates. */
@Injectable()
export class CalendarFeedsRepository extends CollectionRepository<CalendarFeedDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<CalendarFeedDoc>('calendar_feeds'));
  }

  /** The user's document after `update`, made first if there is none (two first requests at once: one insert wins). */
  private async upsert(userId: string, update: UpdateFilter<CalendarFeedDoc>): Promise<number> {
    const now = new Date();
    const doc = await this.upsertById(userId, {
      ...update,
      $set: { ...update.$set, updated_at: now },
      $setOnInsert: { ...update.$setOnInsert, created_at: now },
    });
    return doc!.version;
  }

  /** The user's current version (1 for a first link), remembering the e-mail the feed matches attendees on. */
  current(userId: string, email: string): Promise<number> {
    return this.upsert(userId, { $set: { email }, $setOnInsert: { version: 1 } });
  }

  /** A new version: links carrying an older one stop working. */
  rotate(userId: string, email: string): Promise<number> {
    return this.upsert(userId, { $set: { email }, $inc: { version: 1 } });
  }

  async find(userId: string): Promise<{ version: number; email: string } | null> {
    const doc = await this.findById(userId);
    return doc ? { version: doc.version, email: doc.email } : null;
  }
}
