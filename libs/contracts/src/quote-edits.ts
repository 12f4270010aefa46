import type { Quote } from './crm';

/** The ranges of a quote's numbers: the server's validation and the form's, as the user types. */
export const QUOTE_LIMITS = {
  quantity: { min: 0.01, max: 1_000_000 },
  discount_percentage: { min: 0, max: 100 },
  discount_amount: { min: 0 },
  tax_rate: { min: 0, max: 100 },
  expires_in_days: { min: 1, max: 365 },
} as const;

/** What may still change in a quote that has been sent and not yet answered (without an e-signature). */
export const QUOTE_FIELDS_AFTER_SENDING = ['notes', 'terms_conditions', 'expires_in_days'] as const;
export type QuoteFieldAfterSending = (typeof QUOTE_FIELDS_AFTER_SENDING)[number];

export interface QuoteEditRule {
  /** 'all' while a draft; otherwise the fields that may still change (none at all once it is decided). */
  editable: 'all' | readonly QuoteFieldAfterSending[];
  /** Why the rest cannot change; null for a draft. */
  reason: string | null;
}

/**
 * What an Edit may change in a quote, by where it stands. A draft: everything. Sent or viewed: what
 * the customer has seen stays (line items, prices, tax, the customer's details), only the notes,
 * the terms and the expiry may change; with an e-signature not even those, since the customer signs
 * the document made when it was sent. Accepted, rejected or expired: nothing, it is a record.
 */
export function quoteEditRule(quote: Pick<Quote, 'status' | 'e_signature_required'>): QuoteEditRule {
  switch (quote.status) {
    case 'draft':
      return { editable: 'all', reason: null };
    case 'sent':
    case 'viewed':
      return quote.e_signature_required
        ? {
            editable: [],
            reason: `This quote has been sent for e-signature: the customer signs the document made when it was sent, so it can no longer be changed.`,
          }
        : {
            editable: QUOTE_FIELDS_AFTER_SENDING,
            reason: `This quote has been sent to the customer: its items, prices and customer can no longer change, only its notes, terms and expiry.`,
          };
    case 'accepted':
      return { editable: [], reason: 'This quote was accepted by the customer: it can no longer be changed.' };
    case 'rejected':
      return { editable: [], reason: 'This quote was declined by the customer: it can no longer be changed.' };
    case 'expired':
      return { editable: [], reason: 'This quote has expired: it can no longer be changed.' };
  }
}

const DAY_MS = 86_400_000;

/** The fewest days of validity that leave a sent quote open: counted from its sending, its expiry must be ahead. */
export function minExpiryDays(sentAt: string | null, now = Date.now()): number {
  const min = QUOTE_LIMITS.expires_in_days.min;
  if (!sentAt) return min;
  return Math.max(min, Math.floor((now - Date.parse(sentAt)) / DAY_MS) + 1);
}
