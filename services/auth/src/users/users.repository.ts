import { ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import type { User } from '@sixa/contracts';
import { OutboxRelay, toOutboxEntry } from '@sixa/kafka';
import { documentLocks, InjectConnection, isObjectId, objectId, toApi } from '@sixa/mongo';
import type { EventEnvelope } from '@sixa/contracts';
import type { Connection, Model } from 'mongoose';
import { UserSchema, type UserDoc } from './user.schema';

const NOT_DELETED = { deleted_at: null };

export interface UserWithHash extends User {
  password_hash: string;
}

/** Users in the auth database. Every change is written together with its events (the outbox). */
@Injectable()
export class UsersRepository implements OnModuleInit {
  private readonly model: Model<UserDoc>;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly relay: OutboxRelay,
  ) {
    this.model = connection.model<UserDoc>('User', UserSchema);
  }

  async onModuleInit(): Promise<void> {
    await this.model.init();
    this.relay.register(this.model.collection);
  }

  /** Every write to an existing user goes through the shared document lock (see DocumentLocks). */
  private locked<T>(id: string, write: () => Promise<T>): Promise<T> {
    return documentLocks.run(this.model.collection.collectionName, id, write);
  }

  private map(doc: unknown): User {
    return toApi<User>(doc as Record<string, unknown>, ['password_hash'])!;
  }

  async list(): Promise<User[]> {
    const docs = await this.model.find(NOT_DELETED).sort({ created_at: -1 }).lean();
    return docs.map((d) => this.map(d));
  }

  async findById(id: string): Promise<User | null> {
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
    const doc = new this.model({ ...data, last_login: null, created_at: now, updated_at: now });
    const user = this.map(doc.toObject());
    doc.outbox = [toOutboxEntry(event(user.id, user))];
    try {
      await doc.save();
    } catch (e) {
      throw duplicateEmail(e, data.email);
    }
    void this.relay.kick(this.model.collection, doc._id);
    return user;
  }

  /** Applies `set` and appends the events in one single-document update. */
  async update(id: string, set: Partial<UserDoc>, events: EventEnvelope[]): Promise<User | null> {
    if (!isObjectId(id)) return null;
    try {
      const doc = await this.locked(id, () =>
        this.model
          .findOneAndUpdate(
            { _id: id, ...NOT_DELETED },
            { $set: set, ...(events.length ? { $push: { outbox: { $each: events.map(toOutboxEntry) } } } : {}) },
            { returnDocument: 'after', runValidators: true },
          )
          .lean(),
      );
      if (events.length) void this.relay.kick(this.model.collection, objectId(id));
      return doc ? this.map(doc) : null;
    } catch (e) {
      throw duplicateEmail(e, String(set.email ?? ''));
    }
  }

  /** Bookkeeping without an event: the time of the last sign-in. */
  async touchLastLogin(id: string, at: Date): Promise<void> {
    await this.locked(id, () => this.model.updateOne({ _id: id }, { $set: { last_login: at } }, { timestamps: false }));
  }

  /** Soft delete: the document goes once its `user.deleted` event is out (see OutboxRelay). */
  async softDelete(id: string, event: EventEnvelope): Promise<boolean> {
    const res = await this.locked(id, () =>
      this.model.updateOne(
        { _id: id, ...NOT_DELETED },
        { $set: { deleted_at: new Date(), is_active: false }, $push: { outbox: toOutboxEntry(event) } },
      ),
    );
    void this.relay.kick(this.model.collection, objectId(id));
    return res.modifiedCount === 1;
  }
}

function duplicateEmail(e: unknown, email: string): unknown {
  if ((e as { code?: number }).code === 11000) {
    return new ConflictException({ detail: `A user with the email ${email.toLowerCase()} already exists` });
  }
  return e;
}
