import { ALERT_SEVERITIES, ALERT_STATUSES, type AlertSeverity, type AlertStatus } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface AlertDoc {
  _id: Types.ObjectId;
  severity: AlertSeverity;
  status: AlertStatus;
  title: string;
  description: string;
  ai_analysis?: string;
  rule: string;
  target: string;
  /**
   * What makes "one open alert per rule and target" hold with any number of replicas: the unique
   * index below. `rule:target` while a rule's alert is open, so a second insert for the same pair
   * fails; `rule:target:<id>` once it is resolved (and from the start for alerts that may be open
   * several at a time: simulations), which frees the pair. A partial index on a field unset on
   * resolve would say the same, but the local default engine has no partial indexes.
   */
  open_key: string;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

export const openKey = (rule: string, target: string) => `${rule}:${target}`;
export const closedKey = (rule: string, target: string, id: Types.ObjectId | string) =>
  `${rule}:${target}:${String(id)}`;

export const OPEN_STATUSES: AlertStatus[] = ['active', 'acknowledged'];

export const AlertSchema = new Schema<AlertDoc>(
  {
    severity: { type: String, enum: ALERT_SEVERITIES, required: true },
    status: { type: String, enum: ALERT_STATUSES, default: 'active' },
    title: { type: String, required: true },
    description: { type: String, required: true },
    ai_analysis: { type: String },
    rule: { type: String, required: true },
    target: { type: String, required: true },
    open_key: { type: String, required: true },
    acknowledged_at: { type: Date, default: null },
    acknowledged_by: { type: String, default: null },
    resolved_at: { type: Date, default: null },
    resolved_by: { type: String, default: null },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'alerts',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    // Built by AlertsRepository.onModuleInit, after alerts stored before `open_key` existed got one:
    // the unique index cannot be built over several documents without it.
    autoIndex: false,
  },
);

// One open alert per rule and target (see open_key); also how the rules find the open alert to resolve.
AlertSchema.index({ open_key: 1 }, { unique: true });
// The list, newest first, and the count of the last 24 h.
AlertSchema.index({ created_at: -1, _id: -1 });
// The list by status (and `open`), newest first; the open alerts of every status.
AlertSchema.index({ status: 1, created_at: -1, _id: -1 });
