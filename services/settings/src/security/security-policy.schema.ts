import type { SecurityRules } from '@sixa/contracts';
import { outboxSchemaField, type OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

/** The one security policy (`key: 'security'`), its revision and the events its changes still owe. */
export interface SecurityPolicyDoc {
  _id: Types.ObjectId;
  key: 'security';
  rules: SecurityRules;
  updated_by: string | null;
  /** The name of `updated_by` when they changed it (from their token): shown without asking auth. */
  updated_by_name: string | null;
  rev: number;
  outbox: OutboxEntry[];
  created_at: Date;
  updated_at: Date;
}

export const SecurityPolicySchema = new Schema<SecurityPolicyDoc>(
  {
    key: { type: String, required: true },
    rules: {
      password_min_length: { type: Number, required: true },
      password_require_uppercase: { type: Boolean, required: true },
      password_require_numbers: { type: Boolean, required: true },
      password_require_symbols: { type: Boolean, required: true },
      password_expiry_days: { type: Number, required: true },
    },
    updated_by: { type: String, default: null },
    updated_by_name: { type: String, default: null },
    rev: { type: Number, default: 0 },
    outbox: outboxSchemaField(),
  },
  {
    collection: 'security_policy',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// One policy: two replicas starting together make one document.
SecurityPolicySchema.index({ key: 1 }, { unique: true });
