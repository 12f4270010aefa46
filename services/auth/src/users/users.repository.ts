import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import type { User } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isObjectId, toApi, toOutboxEntry } from '@sixa/mongo';
import type { EventEnvelope } from '@sixa/contracts';
import type { Connection } from 'mongoose';
import { UserSchema, type UserDoc } from './user.schema';

const NOT_DELETED = { deleted_at: null };

export interface UserWithHash extends User {
  password_hash: string;
}

/** Users in the auth database. Every change is written together with its events (the outbox). */
@Injectable()
export class UsersRepository extends BaseRepository<UserDoc, User> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<UserDoc>('User', UserSchema), relay, ['password_hash', 'rev']);
  }

  async onModuleInit(): Promise<void> {
    await this.init();
  }

  async list(): Promise<User[]> {
    const docs = await this.model.find(NOT_DELETED).sort({ created_at: -1 }).lean();
    return docs.map((d) => this.map(d));
  }

  override async findById(id: string): Promise<User | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findOne({ _id: id, ...NOT_DELETED }).lean();
    return doc ? this.map(doc) : null;
  }

  async findByEmailWithHash(email: string): Promise<UserWithHash | null> {
    const doc = await this.model.findOne({ email: email.toLowerCase(), ...NOT_DELETED }).lean();
    return doc ? toApi<UserWithHash>(doc as unknown as Record<string, unknown>) : null;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const filter: Record<string, unknown> = { email: email.toLowerCase() };
    if (exceptId) filter._id = { $ne: exceptId };
    return (await this.model.countDocuments(filter, { limit: 1 })) > 0;
  }

  async create(
    data: Omit<UserDoc, '_id' | 'created_at' | 'updated_at' | 'deleted_at' | 'outbox' | 'last_login'>,
    event: (id: string, user: User) => EventEnvelope,
  ): Promise<User> {
    const now = new Date();
    const doc = new this.model({ ...data, rev: 0, last_login: null, created_at: now, updated_at: now });
    const user = this.map(doc.toObject());
    doc.outbox = [toOutboxEntry(event(user.id, user))];
    try {
      await doc.save();
    } catch (e) {
      throw duplicateEmail(e, data.email);
    }
    this.kick(doc._id);
    return user;
  }

  /** Applies `set` and appends the events in one conditional single-document update (see BaseRepository.change). */
  async update(id: string, set: Partial<UserDoc>, events: EventEnvelope[]): Promise<User | null> {
    if (!isObjectId(id)) return null;
    try {
      const r = await this.change({ _id: id, ...NOT_DELETED }, () => ({ set, events: () => events }));
      return r.status === 'changed' || r.status === 'unchanged' ? r.value : null;
    } catch (e) {
      throw duplicateEmail(e, String(set.email ?? ''));
    }
  }

  /** Flips is_active from what is stored (two concurrent toggles flip twice, never lose one). */
  async toggleActive(id: string, events: (after: User) => EventEnvelope[]): Promise<User | null> {
    if (!isObjectId(id)) return null;
    const r = await this.change({ _id: id, ...NOT_DELETED }, (doc) => ({ set: { is_active: !doc.is_active }, events }));
    return r.status === 'changed' ? r.value : null;
  }

  /** Bookkeeping without an event: the time of the last sign-in. */
  async touchLastLogin(id: string, at: Date): Promise<void> {
    await this.updateById(id, { $set: { last_login: at } });
  }

  /** Soft delete: the document goes once its `user.deleted` event is out (see OutboxRelay). */
  async softDelete(id: string, event: EventEnvelope): Promise<boolean> {
    if (!isObjectId(id)) return false;
    const r = await this.change({ _id: id, ...NOT_DELETED }, () => ({
      set: { deleted_at: new Date(), is_active: false },
      events: () => [event],
    }));
    return r.status === 'changed';
  }
}

function duplicateEmail(e: unknown, email: string): unknown {
  if ((e as { code?: number }).code === 11000) {
    return new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${email.toLowerCase()} already exists`);
  }
  return e;
}
