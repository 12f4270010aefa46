import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import { ObjectId } from 'mongodb';
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

/** The digests: one claim per user, frequency and period boundary, then sent. */
class DigestsRepository extends CollectionRepository<DigestDoc> {
  constructor(connection: Connection) {
    super(connection.collection<DigestDoc>('notification_digests'), {
      indexes: [
        // Digests claimed and not sent (a replica stopped mid-way): sent again after a while.
        { status: 1, claimed_at: 1 },
      ],
    });
  }

  claim(d: Omit<DigestDoc, 'status' | 'sent_at' | 'claimed_at'>, now: Date): Promise<boolean> {
    return this.insertOnce({ ...d, status: 'claimed', claimed_at: now, sent_at: null });
  }

  async markSent(digestId: string, now: Date): Promise<void> {
    await this.updateById(digestId, { $set: { status: 'sent', sent_at: now } });
  }

  stale(before: Date): Promise<DigestDoc[]> {
    return this.findMatching({ status: 'claimed', claimed_at: { $lt: before } });
  }
}

/** Notifications and digests in work's database: every step is one conditional write (several replicas). */
@Injectable()
export class NotificationsRepository extends CollectionRepository<NotificationDoc> {
  private readonly digests: DigestsRepository;

  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<NotificationDoc>('notifications'), {
      indexes: [
        // One notification per event and user.
        { keys: { key: 1 }, options: { unique: true } },
        // The delivery sweep: a user's pending notifications, oldest first; a digest's notifications.
        { status: 1, user_id: 1, created_at: 1 },
        { keys: { digest_id: 1 }, options: { sparse: true } },
      ],
    });
    this.digests = new DigestsRepository(connection);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    await this.digests.onModuleInit();
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
    return (await this.insertOnce(doc)) ? doc : null;
  }

  /** Takes a pending notification for a mail of its own; null when someone else took it (or it went in a digest). */
  claim(id: ObjectId, now: Date): Promise<NotificationDoc | null> {
    return this.findAndUpdateById(id, { $set: { status: 'sending', claimed_at: now } }, { status: 'pending' });
  }

  async markSent(id: ObjectId, now: Date): Promise<void> {
    await this.updateById(id, { $set: { status: 'sent', sent_at: now } });
  }

  /** Mails claimed and not marked sent before `before` (a replica stopped mid-way): to be sent again. */
  async releaseStale(before: Date): Promise<void> {
    await this.updateMatching(
      { status: 'sending', claimed_at: { $lt: before } },
      { $set: { status: 'pending', claimed_at: null } },
    );
  }

  /** The users with pending notifications. */
  usersWithPending(): Promise<string[]> {
    return this.distinctValues<string>('user_id', { status: 'pending' });
  }

  /** A user's pending notifications collected before `before` (all, without it), oldest first. */
  pendingFor(userId: string, before?: Date): Promise<NotificationDoc[]> {
    const filter = before
      ? { status: 'pending' as const, user_id: userId, created_at: { $lt: before } }
      : { status: 'pending' as const, user_id: userId };
    return this.findMatching(filter, { sort: { created_at: 1, _id: 1 } });
  }

  /** Claims the digest `id`: true for the one claim that wins, false when it was claimed before. */
  claimDigest(d: Omit<DigestDoc, 'status' | 'sent_at' | 'claimed_at'>, now: Date): Promise<boolean> {
    return this.digests.claim(d, now);
  }

  /** Puts the pending notifications `ids` in digest `digestId` (those still pending). */
  async attach(digestId: string, ids: ObjectId[]): Promise<void> {
    await this.updateMany(
      ids.map((id) => ({
        id,
        update: { $set: { status: 'digested', digest_id: digestId } },
        where: { status: 'pending' },
      })),
    );
  }

  /** What digest `digestId` holds, oldest first. */
  inDigest(digestId: string): Promise<NotificationDoc[]> {
    return this.findMatching({ digest_id: digestId }, { sort: { created_at: 1, _id: 1 } });
  }

  markDigestSent(digestId: string, now: Date): Promise<void> {
    return this.digests.markSent(digestId, now);
  }

  /** Digests claimed before `before` and not sent: their claimant stopped mid-way. */
  staleDigests(before: Date): Promise<DigestDoc[]> {
    return this.digests.stale(before);
  }
}
