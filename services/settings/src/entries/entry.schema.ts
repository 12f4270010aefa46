import { outboxSchemaField, type OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

/** What a settings entry is: each kind keeps one value per key. */
export const ENTRY_KINDS = ['system', 'ai', 'rate_limit', 'widgets', 'menu'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/**
 * One stored setting: a system setting (`general.company_name`), an AI group (`model`), a rate limit
 * (`leads`), a user's dashboard widgets (the user id) or a role's menu (the role). Values are small
 * JSON; every change goes through one conditional update on `rev`, with its events (outbox).
 */
export interface EntryDoc {
  _id: Types.ObjectId;
  kind: EntryKind;
  key: string;
  value: unknown;
  updated_by: string | null;
  /** The name of `updated_by` when the change was made (from their token): shown without asking auth. */
  updated_by_name: string | null;
  rev: number;
  outbox: OutboxEntry[];
  created_at: Date;
  updated_at: Date;
}

export const EntrySchema = new Schema<EntryDoc>(
  {
    kind: { type: String, required: true },
    key: { type: String, required: true },
    value: { type: Schema.Types.Mixed, default: null },
    updated_by: { type: String, default: null },
    updated_by_name: { type: String, default: null },
    rev: { type: Number, default: 0 },
    outbox: outboxSchemaField(),
  },
  {
    collection: 'settings_entries',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    minimize: false,
  },
);

// One value per kind and key: two replicas (or two admins) setting it at once make one document.
EntrySchema.index({ kind: 1, key: 1 }, { unique: true });
