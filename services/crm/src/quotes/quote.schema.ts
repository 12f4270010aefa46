import {
  QUOTE_STATUSES,
  type QuoteAcceptance,
  type QuoteLineItem,
  type QuoteStatus,
  type TaxSettings,
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface QuoteDoc {
  _id: Types.ObjectId;
  quote_number: string;
  title: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: Record<string, string>;
  line_items: QuoteLineItem[];
  tax_settings: TaxSettings;
  notes: string;
  terms_conditions: string;
  expires_in_days: number;
  e_signature_required: boolean;
  created_by: string;
  status: QuoteStatus;
  subtotal: number;
  discount_total: number;
  tax_amount: number;
  total_amount: number;
  sent_at: Date | null;
  expires_at: Date | null;
  /** The customer's acceptance and its evidence; null until accepted. */
  acceptance: (Omit<QuoteAcceptance, 'accepted_at'> & { accepted_at: Date }) | null;
  /** The customer's signing page, once the Document Center has sent the quote's document (e-signature quotes). */
  signing_url: string | null;
  sample: boolean;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

const AcceptanceSchema = new Schema(
  {
    method: { type: String, enum: ['typed_name', 'click', 'e_signature'], required: true },
    signer_name: { type: String, default: null },
    consent: { type: Boolean, required: true },
    consent_text: { type: String, default: null },
    accepted_at: { type: Date, required: true },
    ip: { type: String, required: true },
    user_agent: { type: String, default: '' },
    content_format: { type: String, required: true },
    content_sha256: { type: String, required: true },
    document_id: { type: String },
  },
  { _id: false },
);

const LineSchema = new Schema<QuoteLineItem>(
  {
    product_service_id: String,
    product_name: String,
    pricing_tier: String,
    quantity: Number,
    discount_percentage: Number,
    discount_amount: Number,
    unit_price: Number,
    line_total: Number,
  },
  { _id: false },
);

export const QuoteSchema = new Schema<QuoteDoc>(
  {
    quote_number: { type: String, required: true },
    title: { type: String, required: true },
    customer_name: { type: String, required: true },
    customer_email: { type: String, required: true, lowercase: true },
    customer_phone: { type: String, default: '' },
    customer_address: { type: Schema.Types.Mixed, default: {} },
    line_items: { type: [LineSchema], default: [] },
    tax_settings: { tax_rate: Number, tax_name: String, is_inclusive: Boolean },
    notes: { type: String, default: '' },
    terms_conditions: { type: String, default: '' },
    expires_in_days: { type: Number, default: 30 },
    e_signature_required: { type: Boolean, default: false },
    created_by: { type: String, required: true },
    status: { type: String, enum: QUOTE_STATUSES, default: 'draft' },
    subtotal: Number,
    discount_total: Number,
    tax_amount: Number,
    total_amount: Number,
    sent_at: { type: Date, default: null },
    expires_at: { type: Date, default: null },
    acceptance: { type: AcceptanceSchema, default: null },
    signing_url: { type: String, default: null },
    sample: { type: Boolean, default: false },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'quotes',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    // An empty address is stored as {} (not dropped), so that edits compare like with like.
    minimize: false,
  },
);

// Quote numbers are unique (the counter hands them out; the index is the backstop).
QuoteSchema.index({ quote_number: 1 }, { unique: true });
// The list, newest first.
QuoteSchema.index({ created_at: -1, _id: -1 });
// The analytics counts by status.
QuoteSchema.index({ status: 1 });
// The expiry sweep: sent or viewed quotes whose time has passed.
QuoteSchema.index({ status: 1, expires_at: 1 });
