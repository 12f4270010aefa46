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
// The Users screen lists everyone newest first.
UserSchema.index({ created_at: -1 });
