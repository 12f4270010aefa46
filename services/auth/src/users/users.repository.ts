import { Injectable } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import {
  DEFAULT_NOTIFICATION_FREQUENCY,
  SETTINGS_USER_DEFAULTS,
  type SettingsUser,
  type User,
  type UserPreferences,
} from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  InjectConnection,
  isObjectId,
  revisionTag,
  toOutboxEntry,
  type ChangeResult,
} from '@sixa/mongo';
import type { EventEnvelope } from '@sixa/contracts';
import type { Connection } from 'mongoose';
import { UserSchema, type PasswordResetDoc, type UserDoc } from './user.schema';

const NOT_DELETED = { deleted_at: null };

/** Until a user chooses, the client follows the operating system, and notifications are mailed at once. */
export const DEFAULT_PREFERENCES: UserPreferences = {
  theme: 'system',
  notification_frequency: DEFAULT_NOTIFICATION_FREQUENCY,
};

/**
 * Kept in the document but not part of the User the API returns (preferences have their own call,
 * the settings profile its own view: /settings/users).
 */
const NOT_IN_USER = [
  'password_hash',
  'rev',
  'preferences',
  'username',
  'department',
  'timezone',
  'language',
  'password_changed_at',
  'password_policy_exempt',
  'sessions_revoked_at',
  'password_reset',
];

/** What sign-in needs besides the user: the hash, and how old the password is and whether the policy governs it. */
export interface UserCredentials {
  user: User;
  password_hash: string;
  /** When the password was last set: password_changed_at, or for older accounts created_at. */
  password_set_at: Date;
  password_policy_exempt: boolean;
  /** Every session issued up to then has ended (a password reset); null: never. */
  sessions_revoked_at: Date | null;
}

/** The fields of a password set, written together: the hash, when, and whether the policy governs it. */
export function passwordFields(passwordHash: string, setBySystem: boolean, at = new Date()) {
  return { password_hash: passwordHash, password_changed_at: at, password_policy_exempt: setBySystem };
}

/** Users in the auth database. Every change is written together with its events (the outbox). */
@Injectable()
export class UsersRepository extends BaseRepository<UserDoc, User> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<UserDoc>('User', UserSchema), { outbox: relay, omit: NOT_IN_USER });
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

  /** The user and the moment up to which all their sessions have ended (null: none so ended). */
  async findAccount(id: string): Promise<{ user: User; sessions_revoked_at: Date | null } | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findOne({ _id: id, ...NOT_DELETED }).lean();
    return doc ? { user: this.map(doc), sessions_revoked_at: doc.sessions_revoked_at ?? null } : null;
  }

  async findCredentials(email: string): Promise<UserCredentials | null> {
    const doc = await this.model.findOne({ email: email.toLowerCase(), ...NOT_DELETED }).lean();
    if (!doc) return null;
    return {
      user: this.map(doc),
      password_hash: doc.password_hash,
      password_set_at: doc.password_changed_at ?? doc.created_at,
      password_policy_exempt: doc.password_policy_exempt === true,
      sessions_revoked_at: doc.sessions_revoked_at ?? null,
    };
  }

  /** GET /settings/users: everyone /users lists, with the settings profile. */
  async listSettingsUsers(): Promise<SettingsUser[]> {
    const docs = await this.model.find(NOT_DELETED).sort({ created_at: -1 }).lean();
    return docs.map(toSettingsUser);
  }

  async findSettingsUser(id: string): Promise<SettingsUser | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findOne({ _id: id, ...NOT_DELETED }).lean();
    return doc ? toSettingsUser(doc) : null;
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.model.countDocuments({ username: username.toLowerCase() }, { limit: 1 })) > 0;
  }

  /**
   * Sets a new password if the stored hash is still `currentHash` (a conditional update: of two changes
   * racing with the same old password, one wins), with its event. Null: it changed meanwhile.
   */
  async replacePassword(
    id: string,
    currentHash: string,
    fields: ReturnType<typeof passwordFields>,
    event: (after: User) => EventEnvelope,
  ): Promise<User | null> {
    if (!isObjectId(id)) return null;
    const r = await this.change({ _id: id, password_hash: currentHash, ...NOT_DELETED }, () => ({
      set: fields,
      events: (after) => [event(after)],
    }));
    return r.status === 'changed' ? r.value : null;
  }

  /**
   * The demo accounts stored before password_changed_at existed: their fixed passwords are the
   * system's (so neither governed nor expired by the policy) unless someone has set one since.
   */
  async markSystemPasswords(emails: string[]): Promise<void> {
    await this.model.updateMany(
      { email: { $in: emails }, password_changed_at: { $exists: false }, ...NOT_DELETED },
      { $set: { password_policy_exempt: true } },
      { timestamps: false },
    );
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
      throw duplicateEmail(e, data.email, data.username);
    }
    this.kick(doc._id);
    return user;
  }

  /**
   * Applies what `compute` makes of the user as stored (null: nothing to change) and appends the
   * events in one conditional single-document update (see BaseRepository.change), on the revision
   * `expectedRev` when given. `events` are made as the write is (again on a retry), so that their
   * times follow the order in which writes to the user land: the revocation list keeps the latest
   * role change by its time.
   */
  async update(
    id: string,
    compute: (before: User) => { set: Partial<UserDoc>; events: () => EventEnvelope[] } | null,
    expectedRev?: number,
  ): Promise<ChangeResult<User>> {
    if (!isObjectId(id)) return { status: 'missing' };
    let set: Partial<UserDoc> | undefined;
    try {
      return await this.change(
        { _id: id, ...NOT_DELETED },
        (doc) => {
          const c = compute(this.map(doc));
          set = c?.set;
          return c;
        },
        { expectedRev },
      );
    } catch (e) {
      throw duplicateEmail(e, String(set?.email ?? ''));
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

  /** The user's display preferences (defaults for what they have not chosen); null for no such user. */
  async findPreferences(id: string): Promise<UserPreferences | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findOne({ _id: id, ...NOT_DELETED }, { preferences: 1 }).lean();
    return doc ? { ...DEFAULT_PREFERENCES, ...doc.preferences } : null;
  }

  /**
   * Stores the user's choices (those given; the others stay) with one atomic update that does not
   * touch the revision (an admin's open edit of the user stays current). A change of the notification
   * frequency, which the work service acts on, is written with its `user.preferences_updated` event;
   * the display theme is the user's bookkeeping, without one. Null for no such user.
   */
  async setPreferences(
    id: string,
    preferences: Partial<UserPreferences>,
    event: (after: UserPreferences, changed: string[]) => EventEnvelope,
  ): Promise<UserPreferences | null> {
    const current = await this.findPreferences(id);
    if (!current) return null;
    const given = Object.entries(preferences).filter(([, v]) => v !== undefined) as Array<[string, string]>;
    const after = { ...current, ...Object.fromEntries(given) } as UserPreferences;
    const changed = given.filter(([k, v]) => current[k as keyof UserPreferences] !== v).map(([k]) => k);
    const entries = changed.includes('notification_frequency') ? [toOutboxEntry(event(after, changed))] : [];
    const set = Object.fromEntries(given.map(([k, v]) => [`preferences.${k}`, v]));
    const doc = await this.updateById(
      id,
      { $set: set, ...(entries.length ? { $push: { outbox: { $each: entries } } } : {}) },
      { where: NOT_DELETED, runValidators: true },
    );
    if (!doc) return null;
    if (entries.length) this.handOver(doc);
    return { ...DEFAULT_PREFERENCES, ...doc.preferences };
  }

  /**
   * Keeps `reset` as the user's one password reset link (replacing an earlier one), for an active
   * user; without an event (no other service acts on a link being mailed). Null: no such active user.
   */
  async setPasswordReset(id: string, reset: PasswordResetDoc): Promise<User | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.updateById(
      id,
      { $set: { password_reset: reset } },
      { where: { is_active: true, ...NOT_DELETED } },
    );
    return doc ? this.map(doc) : null;
  }

  /** The account a password reset link (by its secret's hash) was mailed to, with the link's state. */
  async findByPasswordReset(tokenHash: string): Promise<{ user: User; reset: PasswordResetDoc } | null> {
    const doc = await this.model.findOne({ 'password_reset.token_hash': tokenHash, ...NOT_DELETED }).lean();
    return doc?.password_reset ? { user: this.map(doc), reset: doc.password_reset } : null;
  }

  /**
   * Uses the link once: in one conditional update of the user, if the link is still unused and
   * unexpired at `now` and the account active, sets the password, marks the link used, ends every
   * session issued so far, and writes the events. Null: the link was not usable (any more).
   */
  async completePasswordReset(
    tokenHash: string,
    now: Date,
    fields: ReturnType<typeof passwordFields>,
    events: (after: User) => EventEnvelope[],
  ): Promise<User | null> {
    const r = await this.change(
      {
        'password_reset.token_hash': tokenHash,
        'password_reset.used_at': null,
        'password_reset.expires_at': { $gt: now },
        is_active: true,
        ...NOT_DELETED,
      },
      (doc) => ({
        set: { ...fields, password_reset: { ...doc.password_reset!, used_at: now }, sessions_revoked_at: now },
        events,
      }),
    );
    return r.status === 'changed' ? r.value : null;
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

function toSettingsUser(doc: UserDoc): SettingsUser {
  const id = String(doc._id);
  return {
    id,
    etag: revisionTag(id, doc.rev ?? 0),
    user_id: id,
    username: doc.username ?? null,
    email: doc.email,
    full_name: doc.name,
    role: doc.role,
    department: doc.department ?? null,
    timezone: doc.timezone ?? SETTINGS_USER_DEFAULTS.timezone,
    language: doc.language ?? SETTINGS_USER_DEFAULTS.language,
    last_login: doc.last_login ? doc.last_login.toISOString() : null,
    is_active: doc.is_active,
    notification_frequency: doc.preferences?.notification_frequency ?? DEFAULT_NOTIFICATION_FREQUENCY,
  };
}

function duplicateEmail(e: unknown, email: string, username?: string): unknown {
  const dup = e as { code?: number; keyPattern?: Record<string, unknown>; message?: string };
  if (dup.code === 11000 && username && (dup.keyPattern?.username || /username/.test(dup.message ?? ''))) {
    return new AuthError(AuthErrorCode.UsernameTaken, `The username ${username.toLowerCase()} is already taken`);
  }
  if (dup.code === 11000) {
    return new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${email.toLowerCase()} already exists`);
  }
  return e;
}
