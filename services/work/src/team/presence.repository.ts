import { Injectable } from '@nestjs/common';
import { PRESENCE_WINDOW_MS } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

interface PresenceDoc {
  /** The user's e-mail, lowercased: what a team member is matched on. */
  _id: string;
  user_id: string;
  last_seen_at: Date;
}

/**
 * When each user was last seen (from the gateway's `user.seen`), whether or not they are on the team
 * yet: a member added later shows as online at once.
 */
@Injectable()
export class PresenceRepository extends CollectionRepository<PresenceDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<PresenceDoc>('presence'), {
      indexes: [{ last_seen_at: -1 }],
    });
  }

  /** Keeps the sighting only when it is later than the stored one (redeliveries and reordering change nothing). */
  async seen(email: string, userId: string, at: Date): Promise<void> {
    await this.upsertById(
      email.toLowerCase(),
      { $set: { last_seen_at: at, user_id: userId } },
      { $or: [{ last_seen_at: { $lt: at } }, { last_seen_at: { $exists: false } }] },
    );
  }

  /** Last sightings of these e-mails. */
  async lastSeen(emails: string[]): Promise<Map<string, Date>> {
    if (!emails.length) return new Map();
    const docs = await this.findMatching({ _id: { $in: emails.map((e) => e.toLowerCase()) } });
    return new Map(docs.map((d) => [d._id, d.last_seen_at]));
  }

  /** The e-mails seen within the presence window. */
  async onlineEmails(now: Date): Promise<string[]> {
    const docs = await this.findMatching(
      { last_seen_at: { $gt: new Date(now.getTime() - PRESENCE_WINDOW_MS) } },
      { projection: { _id: 1 }, limit: 100_000 },
    );
    return docs.map((d) => d._id);
  }
}
