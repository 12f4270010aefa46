import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection, storeOf } from '@sixa/mongo';
import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '../work.errors';
import { CalendarFeedSchema, type CalendarFeedDoc } from './calendar-feed.schema';

/** Each user's feed-link version: one small document per user, changed with atomic updates. */
@Injectable()
export class CalendarFeedsRepository implements OnModuleInit {
  private readonly model: Model<CalendarFeedDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.model = connection.model<CalendarFeedDoc>('CalendarFeed', CalendarFeedSchema);
  }

  async onModuleInit() {
    await this.model.init();
  }

  private async upsert(userId: string, update: Record<string, unknown>): Promise<number> {
    const write = () =>
      storeOf(this.model.db.name).write(this.model.collection.collectionName, userId, () =>
        this.model.findOneAndUpdate({ _id: userId }, update, { upsert: true, returnDocument: 'after' }).lean(),
      );
    try {
      return (await write())!.version;
    } catch (e) {
      // Two first requests at once: one insert wins, the other updates what it inserted.
      if (!isDuplicateKey(e)) throw e;
      return (await write())!.version;
    }
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
    const doc = await this.model.findById(userId, { version: 1, email: 1 }).lean();
    return doc ? { version: doc.version, email: doc.email } : null;
  }
}
