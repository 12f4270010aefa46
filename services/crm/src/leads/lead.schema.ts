import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  type ImportedVersion,
  type LeadSource,
  type LeadStatus,
  type ScoreFactor,
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface LeadDoc {
  _id: Types.ObjectId;
  name: string;
  email: string;
  company: string;
  phone: string;
  source: LeadSource;
  notes: string;
  status: LeadStatus;
  score: number;
  computed_score: number;
  score_factors: ScoreFactor[];
  score_override: number | null;
  quotes_sent: number;
  quotes_accepted: number;
  created_by: string;
  import_batch: string | null;
  external_ref?: string;
  /** A lead a sync brought in: what the provider last sent for it. */
  imported?: ImportedVersion;
  created_at: Date;
  updated_at: Date;
  rev: number;
  applied_events: string[];
  outbox: OutboxEntry[];
}

export const LeadSchema = new Schema<LeadDoc>(
  {
    name: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    company: { type: String, required: true },
    phone: { type: String, default: '' },
    source: { type: String, enum: LEAD_SOURCES, required: true },
    notes: { type: String, default: '' },
    status: { type: String, enum: LEAD_STATUSES, default: 'new' },
    score: { type: Number, required: true },
    computed_score: { type: Number, required: true },
    score_factors: { type: [{ _id: false, factor: String, points: Number }], default: [] },
    score_override: { type: Number, default: null },
    quotes_sent: { type: Number, default: 0 },
    quotes_accepted: { type: Number, default: 0 },
    created_by: { type: String, required: true },
    import_batch: { type: String, default: null },
    // `<platform>:<record id>` of a lead an integration brought in (absent otherwise).
    external_ref: { type: String },
    imported: { type: Schema.Types.Mixed, default: undefined },
    rev: { type: Number, default: 0 },
    applied_events: { type: [String], default: [] },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  { collection: 'leads', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, versionKey: false },
);

// Unique e-mail per lead (the arbiter between concurrent creates); quote events find their lead by e-mail.
LeadSchema.index({ email: 1 }, { unique: true });
// The table's orders (each direction reads the index forwards or backwards), ties broken by _id,
// and the keyset cursor (`after`) of each.
LeadSchema.index({ created_at: -1, _id: -1 });
LeadSchema.index({ score: -1, _id: -1 }); // also the label filters (score ranges) and the Hot count
LeadSchema.index({ name: 1, _id: 1 });
// Status and source filters in the default order, and the conversion count.
LeadSchema.index({ status: 1, created_at: -1, _id: -1 });
LeadSchema.index({ source: 1, created_at: -1, _id: -1 });
// An integration's record is one lead, whatever the redeliveries and re-runs.
LeadSchema.index({ external_ref: 1 }, { unique: true, sparse: true });
// Rolling back a failed import.
LeadSchema.index({ import_batch: 1 });
