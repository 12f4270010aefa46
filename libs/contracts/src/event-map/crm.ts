import type { Lead, LeadStatus, ProductService, Quote, QuoteAcceptance, QuoteStatus, ScoreFactor } from '../crm';
import type { ImportBatchApplied } from './integrations';
import { TOPICS, type Topic } from './topics';

export const LEAD_STATUS_REJECTIONS = ['lead_not_found', 'invalid_status'] as const;
export type LeadStatusRejection = (typeof LEAD_STATUS_REJECTIONS)[number];

/** Every quote state change carries these, at the same paths (the customer e-mail is always `data.customer_email`). */
export interface QuoteTransition {
  quote_id: string;
  quote_number: string;
  customer_email: string;
  total_amount: number;
  from: QuoteStatus;
  to: QuoteStatus;
}

/** The events of crm (leads, quotes, products, and its answers to commands and imports), and their data. */
export interface CrmEvents {
  'lead.created': { lead: Lead };
  'lead.updated': { lead: Lead; changed_fields: string[]; before: Partial<Lead>; after: Partial<Lead> };
  'lead.scored': { lead_id: string; email: string; score: number; previous_score: number; factors: ScoreFactor[] };
  /**
   * `correlation_id` when the change carried out a command (a workflow step's
   * `lead.status_change_requested`): the requester's confirmation.
   */
  'lead.status_changed': { lead_id: string; email: string; from: LeadStatus; to: LeadStatus; correlation_id?: string };
  /** The command needed no change: the lead already had that status, or this command was applied before. */
  'lead.status_change_confirmed': {
    correlation_id: string;
    lead_id: string;
    email: string;
    status: LeadStatus;
    reason: 'already_in_status' | 'already_applied';
  };
  /** The command cannot be carried out (retrying will not help): no such lead, or not a status. */
  'lead.status_change_rejected': {
    correlation_id: string;
    lead_id: string | null;
    email: string | null;
    status: string;
    code: LeadStatusRejection;
    reason: string;
  };
  'quote.created': { quote: Quote };
  /** A draft edited: what changed (only drafts can be edited). */
  'quote.updated': { quote: Quote; changed_fields: string[]; before: Partial<Quote>; after: Partial<Quote> };
  /** Carries what the documents service needs to open a signature request without calling back. */
  'quote.sent': QuoteTransition & {
    quote: Quote;
    e_signature_required: boolean;
    signer: { name: string; email: string };
    public_url: string;
  };
  'quote.viewed': QuoteTransition;
  /** With the customer's acceptance evidence (absent only from events published before it was kept). */
  'quote.accepted': QuoteTransition & { acceptance?: QuoteAcceptance };
  'quote.rejected': QuoteTransition;
  'quote.expired': QuoteTransition;
  'product.created': { product: ProductService };
  'product.updated': { product: ProductService; changed_fields: string[] };
  /** crm's answer to one page: what it made of each record. */
  'lead.import_batch_applied': ImportBatchApplied;
}

/** Which topic each of them is published on. */
export const CRM_EVENT_TOPICS: { [K in keyof CrmEvents]: Topic } = {
  'lead.created': TOPICS.crm,
  'lead.updated': TOPICS.crm,
  'lead.scored': TOPICS.crm,
  'lead.status_changed': TOPICS.crm,
  'lead.status_change_confirmed': TOPICS.crm,
  'lead.status_change_rejected': TOPICS.crm,
  'quote.created': TOPICS.crm,
  'quote.updated': TOPICS.crm,
  'quote.sent': TOPICS.crm,
  'quote.viewed': TOPICS.crm,
  'quote.accepted': TOPICS.crm,
  'quote.rejected': TOPICS.crm,
  'quote.expired': TOPICS.crm,
  'product.created': TOPICS.crm,
  'product.updated': TOPICS.crm,
  'lead.import_batch_applied': TOPICS.crm,
};
