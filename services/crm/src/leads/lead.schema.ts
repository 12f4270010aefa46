import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus, type ScoreFactor } from '@sixa/contracts';
import { Schema } from 'mongoose';

export interface LeadDoc {
  _id: unknown;
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
  created_at: Date;
  updated_at: Date;
  outbox: Array<{ id: string; topic: string; key: string; value: string }>;
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
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  { collection: 'leads', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, versionKey: false },
);

// Unique e-mail per lead; quote events find their lead by e-mail.
LeadSchema.index({ email: 1 }, { unique: true });
// The table's default order (newest first) and its paging.
LeadSchema.index({ created_at: -1 });
// Label filters (score ranges), the Hot Leads count and sorting by score.
LeadSchema.index({ score: -1 });
// Status filter and the conversion rate.
LeadSchema.index({ status: 1 });
