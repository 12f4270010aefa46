import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection, isDuplicateKey, storeOfCollection } from '@sixa/mongo';
import { ObjectId, type Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import type { DigestFrequency } from './notification-periods';

export type NotificationKind = 'task_assigned' | 'task_overdue' | 'calendar_reminder';

/** Something that concerns one user, collected from a domain event, waiting to be mailed. */
export interface NotificationDoc {
  _id: ObjectId;
  /** `<event id>:<user id>`: an event redelivered notifies no one twice. */
  key: string;
  user_id: string;
  email: string;
  kind: NotificationKind;
  subject: string;
  text: string;
  /** Where in the web client it is (a path). */
  path: string;
  created_at: Date;
  /** pending -> sending (claimed for a mail of its own) -> sent, or pending -> digested (in a digest). */
  status: 'pending' | 'sending' | 'sent' | 'digested';
  claimed_at: Date | null;
  sent_at: Date | null;
  digest_id: string | null;
}

/** One digest: claimed once per user, frequency and period boundary (its `_id`), then sent. */
export interface DigestDoc {
  _id: string;
  user_id: string;
  frequency: DigestFrequency;
  boundary: Date;
  status: 'claimed' | 'sent';
  claimed_at: Date;
  sent_at: Date | null;
}

export type NewNotification = Pick<NotificationDoc, 'key' | 'user_id' | 'email' | 'kind' | 'subject' | 'text' | 'path'>;

/** Notifications and digests in work's database: every step is one conditional write (several replicas). */
@Injectable()
export class NotificationsRepository implements OnModuleInit {
  private readonly notifications: Collection<NotificationDoc>;
  private readonly digests: Collection<DigestDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.notifications = connection.collection<NotificationDoc>('notifications');
    this.digests = connection.collection<DigestDoc>('notification_digests');
  }

  async onModuleInit(): Promise<void> {
    // One notification per event and user.
    await this.notifications.createIndex({ key: 1 }, { unique: true });
    // The delivery sweep: a user's pending notifications, oldest first; a digest's notifications.
    await this.notifications.createIndex({ status: 1, user_id: 1, created_at: 1 });
    await this.notifications.createIndex({ digest_id: 1 }, { sparse: true });
    // Digests claimed and not sent (a replica stopped mid-way): sent again after a while.
    await this.digests.createIndex({ status: 1, claimed_at: 1 });
  }

  /** Keeps a new notification; null when the same one was collected before (a redelivered event). */
  async collect(n: NewNotification, now: Date): Promise<NotificationDoc | null> {
    const doc: NotificationDoc = {
      ...n,
      _id: new ObjectId(),
      created_at: now,
      status: 'pending',
      claimed_at: null,
      sent_at: null,
      digest_id: null,
    };
    try {
      await this.notifications.insertOne(doc);
      return doc;
    } catch (e) {
      if (isDuplicateKey(e)) return null;
      throw e;
    }
  }

  /** Takes a pending notification for a mail of its own; null when someone else took it (or it went in a digest). */
  claim(id: ObjectId, now: Date): Promise<NotificationDoc | null> {
    return this.write(id, () =>
      this.notifications.findOneAndUpdate(
        { _id: id, status: 'pending' },
        { $set: { status: 'sending', claimed_at: now } },
        { returnDocument: 'after' },
      ),
    );
  }

  async markSent(id: ObjectId, now: Date): Promise<void> {
    await this.write(id, () => this.notifications.updateOne({ _id: id }, { $set: { status: 'sent', sent_at: now } }));
  }

  /** Mails claimed and not marked sent before `before` (a replica stopped mid-way): to be sent again. */
  async releaseStale(before: Date): Promise<void> {
    await this.notifications.updateMany(
      { status: 'sending', claimed_at: { $lt: before } },
      { $set: { status: 'pending', claimed_at: null } },
    );
  }

  /** The users with pending notifications. */
  async usersWithPending(): Promise<string[]> {
    return (await this.notifications.distinct('user_id', { status: 'pending' })) as string[];
  }

  /** A user's pending notifications collected before `before` (all, without it), oldest first. */
  pendingFor(userId: string, before?: Date): Promise<NotificationDoc[]> {
    const filter = before
      ? { status: 'pending' as const, user_id: userId, created_at: { $lt: before } }
      : { status: 'pending' as const, user_id: userId };
    return this.notifications.find(filter).sort({ created_at: 1, _id: 1 }).toArray();
  }

  /** Claims the digest `id`: true for the one claim that wins, false when it was claimed before. */
  async claimDigest(d: Omit<DigestDoc, 'status' | 'sent_at' | 'claimed_at'>, now: Date): Promise<boolean> {
    try {
      await this.digests.insertOne({ ...d, status: 'claimed', claimed_at: now, sent_at: null });
      return true;
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
  }

  /** Puts the pending notifications `ids` in digest `digestId` (those still pending). */
  async attach(digestId: string, ids: ObjectId[]): Promise<void> {
    if (!ids.length) return;
    await storeOfCollection(this.notifications).writeAll('notifications', ids, () =>
      this.notifications.updateMany(
        { _id: { $in: ids }, status: 'pending' },
        { $set: { status: 'digested', digest_id: digestId } },
      ),
    );
  }

  /** What digest `digestId` holds, oldest first. */
  inDigest(digestId: string): Promise<NotificationDoc[]> {
    return this.notifications.find({ digest_id: digestId }).sort({ created_at: 1, _id: 1 }).toArray();
  }

  async markDigestSent(digestId: string, now: Date): Promise<void> {
    await storeOfCollection(this.digests).write('notification_digests', digestId, () =>
      this.digests.updateOne({ _id: digestId }, { $set: { status: 'sent', sent_at: now } }),
    );
  }

  /** Digests claimed before `before` and not sent: their claimant stopped mid-way. */
  staleDigests(before: Date): Promise<DigestDoc[]> {
    return this.digests.find({ status: 'claimed', claimed_at: { $lt: before } }).toArray();
  }

  private write<T>(id: ObjectId, fn: () => Promise<T>): Promise<T> {
    return storeOfCollection(this.notifications).write('notifications', id, fn);
  }
}
