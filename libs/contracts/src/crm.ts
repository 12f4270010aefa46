import type { RecordTag } from './revisions';
import type { PricingTier, QuoteTotals } from './money';

export const LEAD_SOURCES = ['Website', 'LinkedIn', 'Referral', 'Cold Email', 'Conference'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export type LeadLabel = 'Hot' | 'Warm' | 'Cold';

/** Spec part 1 s.9: Hot 80 or more, Warm 60 to 79, Cold below 60. */
export function leadLabel(score: number): LeadLabel {
  if (score >= 80) return 'Hot';
  if (score >= 60) return 'Warm';
  return 'Cold';
}

/** One reason a lead has the score it has: shown on hover. */
export interface ScoreFactor {
  factor: string;
  points: number;
}

export interface Lead {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  name: string;
  email: string;
  company: string;
  phone: string;
  source: LeadSource;
  notes: string;
  status: LeadStatus;
  score: number;
  label: LeadLabel;
  score_factors: ScoreFactor[];
  /** Set when an admin overrode the computed score. */
  score_override: number | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Revision: goes up with every change; send it back with an edit to avoid overwriting someone else's. */
  rev: number;
}

export interface LeadStats {
  total_leads: number;
  hot_leads: number;
  /** Converted over all leads, percent with one decimal. */
  conversion_rate: number;
  avg_score: number;
}

export interface ProductService {
  id: string;
  name: string;
  description: string;
  /** The standard-tier price (spec field); `prices` has every tier. */
  unit_price: number;
  prices: Record<PricingTier, number>;
  /** This revision's tag (see RecordTag). The store keeps it and the timestamps with every write. */
  etag?: RecordTag;
  created_at?: string;
  updated_at?: string;
}

export const QUOTE_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export interface QuoteLineItem {
  product_service_id: string;
  product_name: string;
  pricing_tier: PricingTier;
  quantity: number;
  discount_percentage: number;
  discount_amount: number;
  unit_price: number;
  line_total: number;
}

export interface TaxSettings {
  tax_rate: number;
  tax_name: string;
  is_inclusive: boolean;
}

export interface Quote {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
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
  created_at: string;
  /** The last change (kept by the store with every write). */
  updated_at?: string;
  sent_at: string | null;
  expires_at: string | null;
  /** Revision: goes up with every change; send it back with an edit to avoid overwriting someone else's. */
  rev: number;
  /** How the customer accepted it (only on an accepted quote; quotes accepted before this was kept have none). */
  acceptance?: QuoteAcceptance | null;
  /**
   * A quote that requires an e-signature, once the Document Center has sent its document: the
   * customer's own signing page (signing it accepts the quote). Null until then.
   */
  signing_url?: string | null;
}

/** The name of the canonical form of a quote's customer-visible content that `content_sha256` covers. */
export const QUOTE_CONTENT_FORMAT = 'sixa.quote-content.v1';

/** What the customer agrees to by typing their name on a quote that requires an e-signature. */
export const QUOTE_SIGNATURE_CONSENT_TEXT =
  'I agree that typing my full name is my electronic signature and that it binds me to this quote as shown.';

/**
 * The evidence kept with a customer's acceptance. `typed_name`: the quote required an e-signature and
 * the customer typed their full name and ticked the consent; `click`: a confirmed Accept; `e_signature`:
 * the customer signed the quote's document on the signing page (the Document Center's e-signature).
 */
export interface QuoteAcceptance {
  method: 'typed_name' | 'click' | 'e_signature';
  signer_name: string | null;
  consent: boolean;
  /** The consent text the customer ticked (null without one). */
  consent_text: string | null;
  accepted_at: string;
  /** The client's address as the gateway saw it. */
  ip: string;
  user_agent: string;
  content_format: typeof QUOTE_CONTENT_FORMAT;
  /** SHA-256 (hex) of the canonical JSON of the quote's customer-visible content at acceptance. */
  content_sha256: string;
  /** `e_signature`: the document the customer signed (its signed PDF and audit trail are in the Document Center). */
  document_id?: string;
}

/** What the customer sees of the evidence: not the recorded address or browser. */
export type CustomerQuoteAcceptance = Omit<QuoteAcceptance, 'ip' | 'user_agent'>;

/** GET /quotes/public/{token} and the customer's answers: the quote without its author inside the company. */
export type CustomerQuote = Omit<Quote, 'created_by' | 'acceptance'> & { acceptance?: CustomerQuoteAcceptance | null };

/** GET /quotes/{id}: the quote and, while it is sent or viewed, the customer's link (computed, not stored). */
export interface QuoteDetail extends Quote {
  public_url?: string;
}

export interface QuoteAnalyticsSummary {
  total_quotes: number;
  /** Accepted over sent-or-later, percent with one decimal. */
  conversion_rate: number;
  total_value: number;
  average_quote_value: number;
}

export type { QuoteTotals };

/** GET /quotes/defaults: what a new quote gets when its creator gives none (the expiry follows Settings › System Settings). */
export interface QuoteDefaults {
  expires_in_days: number;
  tax_name: string;
}
