import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_FREQUENCY,
  NOTIFICATION_FREQUENCIES,
  type EventEnvelope,
  type NotificationFrequency,
} from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

/** A user as notifications need them, kept from the auth service's events (one document per user). */
export interface RecipientDoc {
  /** The user's id. */
  _id: string;
  email: string;
  name: string;
  active: boolean;
  frequency: NotificationFrequency;
  /** The time of the last event applied to each part: a late or repeated event changes nothing. */
  profile_at: Date;
  status_at: Date;
  frequency_at: Date;
}

export type Recipient = Pick<RecipientDoc, 'email' | 'name' | 'frequency' | 'active'> & { id: string };

type Part = 'profile_at' | 'status_at' | 'frequency_at';

const NEVER = new Date(0);

/**
 * Who may be notified, and how often: the users, from auth.events.v1 (created, updated, activated,
 * deactivated, deleted, preferences updated). Each part of a user (name and e-mail, active, frequency)
 * is replaced only by a later event than the one it came from.
 */
@Injectable()
export class NotificationRecipientsRepository extends CollectionRepository<RecipientDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<RecipientDoc>('notification_recipients'), {
      indexes: [
        // Tasks and calendar events name people by e-mail.
        { email: 1 },
      ],
    });
  }

  /** Idempotent: applies a user event unless a later one was applied to the same part. */
  async apply(event: EventEnvelope): Promise<void> {
    const at = new Date(event.time);
    switch (event.type) {
      case 'user.created':
      case 'user.updated': {
        const u = event.data.user;
        const profile = { email: u.email.toLowerCase(), name: u.name };
        // A new user: their address and their being active, in one write (the usual case on a replay).
        if (
          event.type === 'user.created' &&
          (await this.create(event.subject, at, { ...profile, active: u.is_active }))
        )
          return;
        await this.keep(event.subject, 'profile_at', at, profile);
        if (event.type === 'user.created') await this.keep(event.subject, 'status_at', at, { active: u.is_active });
        return;
      }
      case 'user.activated':
      case 'user.deactivated':
      case 'user.deleted':
        await this.keep(event.subject, 'status_at', at, { active: event.type === 'user.activated' });
        return;
      case 'user.preferences_updated': {
        const frequency = event.data.preferences.notification_frequency;
        if (NOTIFICATION_FREQUENCIES.includes(frequency))
          await this.keep(event.subject, 'frequency_at', at, { frequency });
        return;
      }
      default:
        return;
    }
  }

  /** Inserts a user not seen before; false when there is one (then each part is kept as usual). */
  private create(userId: string, at: Date, set: Pick<RecipientDoc, 'email' | 'name' | 'active'>): Promise<boolean> {
    return this.insertOnce({
      _id: userId,
      ...set,
      frequency: DEFAULT_NOTIFICATION_FREQUENCY,
      profile_at: at,
      status_at: at,
      frequency_at: NEVER,
    });
  }

  private async keep(userId: string, part: Part, at: Date, set: Partial<RecipientDoc>): Promise<void> {
    const defaults: Partial<RecipientDoc> = {
      email: '',
      name: '',
      active: false,
      frequency: DEFAULT_NOTIFICATION_FREQUENCY,
      profile_at: NEVER,
      status_at: NEVER,
      frequency_at: NEVER,
    };
    const update = { ...set, [part]: at };
    const onInsert = Object.fromEntries(Object.entries(defaults).filter(([k]) => !(k in update)));
    // The user there with a later event for this part stays as they are.
    await this.upsertById(userId, { $set: update, $setOnInsert: onInsert }, { [part]: { $lte: at } });
  }

  /** The active user with this e-mail, if any. */
  async byEmail(email: string): Promise<Recipient | null> {
    const doc = await this.findOne({ email: email.trim().toLowerCase(), active: true });
    return doc ? toRecipient(doc) : null;
  }

  async byId(userId: string): Promise<Recipient | null> {
    const doc = await this.findById(userId);
    return doc ? toRecipient(doc) : null;
  }
}

function toRecipient(doc: RecipientDoc): Recipient {
  return { id: doc._id, email: doc.email, name: doc.name, frequency: doc.frequency, active: doc.active };
}
