import { NOTIFICATION_FREQUENCIES, ROLES, THEME_PREFERENCES, type Role, type UserPreferences } from '@sixa/contracts';
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
  /** The user's own choices (display, notifications); absent until they make one (defaults apply). */
  preferences?: Partial<UserPreferences>;
  /**
   * Every session issued up to this moment has ended (a password reset by e-mail link): the account
   * check refuses tokens issued no later, as the `user.sessions_revoked` event has every process do.
   */
  sessions_revoked_at?: Date;
  /** The latest password reset link mailed to the user (one at a time: a new one replaces it). */
  password_reset?: PasswordResetDoc;
  outbox: OutboxEntry[];
}

export interface PasswordResetDoc {
  /** SHA-256 (hex) of the link's secret: the secret itself is only in the e-mail. */
  token_hash: string;
  requested_at: Date;
  /** Who asked: an admin's id, or `self` (the forgotten-password form). */
  requested_by: string;
  expires_at: Date;
  /** Set when the link was used: it works once. */
  used_at: Date | null;
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
      type: new Schema(
        {
          theme: { type: String, enum: THEME_PREFERENCES },
          notification_frequency: { type: String, enum: NOTIFICATION_FREQUENCIES },
        },
        { _id: false },
      ),
      default: undefined,
    },
    sessions_revoked_at: { type: Date },
    password_reset: {
      type: new Schema(
        {
          token_hash: { type: String, required: true },
          requested_at: { type: Date, required: true },
          requested_by: { type: String, required: true },
          expires_at: { type: Date, required: true },
          used_at: { type: Date, default: null },
        },
        { _id: false },
      ),
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
// A password reset link finds its account by the hash of its secret.
UserSchema.index({ 'password_reset.token_hash': 1 }, { sparse: true });
