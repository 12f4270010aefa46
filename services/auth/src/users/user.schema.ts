import { ROLES, THEME_PREFERENCES, type Role, type UserPreferences } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface UserDoc {
  _id: Types.ObjectId;
  rev?: number;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_active: boolean;
  avatar: string | null;
  last_login: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  /** Settings profile (spec part 2's settings user): unique, lower-case; absent on accounts made without one. */
  username?: string;
  department?: string | null;
  /** IANA zone; absent: UTC. */
  timezone?: string;
  /** BCP 47 tag; absent: en. */
  language?: string;
  /**
   * When the password was last set. Absent on accounts from before it was kept: their password's age
   * counts from created_at (see PasswordExpiry).
   */
  password_changed_at?: Date;
  /**
   * The password was set by the system (the demo accounts' fixed passwords), which the password policy
   * does not govern: it neither applies to it nor expires it. Cleared when anyone sets a new one.
   */
  password_policy_exempt?: boolean;
  /** The user's own display choices; absent until they make one (defaults apply). */
  preferences?: Partial<UserPreferences>;
  outbox: OutboxEntry[];
}

export const UserSchema = new Schema<UserDoc>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    password_hash: { type: String, required: true },
    role: { type: String, enum: ROLES, required: true, default: 'employee' },
    is_active: { type: Boolean, required: true, default: true },
    avatar: { type: String, default: null },
    last_login: { type: Date, default: null },
    // No defaults: an absent username stays out of the (sparse) unique index.
    username: { type: String, lowercase: true, trim: true },
    department: { type: String },
    timezone: { type: String },
    language: { type: String },
    password_changed_at: { type: Date },
    password_policy_exempt: { type: Boolean },
    deleted_at: { type: Date, default: null },
    preferences: {
      type: new Schema({ theme: { type: String, enum: THEME_PREFERENCES } }, { _id: false }),
      default: undefined,
    },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  { collection: 'users', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, versionKey: false },
);

// Sign-in and the uniqueness rule look users up by e-mail.
UserSchema.index({ email: 1 }, { unique: true });
// The uniqueness rule of settings users' usernames (accounts without one are not indexed).
UserSchema.index({ username: 1 }, { unique: true, sparse: true });
// The Users screen lists everyone newest first.
UserSchema.index({ created_at: -1 });
