import type { EventEnvelope, Quote, QuoteAcceptance, QuoteStatus, QuoteTransition } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'crm';

export const quoteCreated = (actor: string, quote: Quote) =>
  createEvent(SOURCE, 'quote.created', quote.id, actor, { quote });

/** The fields a person edits (on a draft; notes, terms and expiry also once sent); none changed, no event. */
const EDITABLE = [
  'title',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_address',
  'line_items',
  'tax_settings',
  'notes',
  'terms_conditions',
  'expires_in_days',
  'expires_at',
  'e_signature_required',
  'subtotal',
  'discount_total',
  'tax_amount',
  'total_amount',
] as const;

export function quoteUpdated(actor: string, before: Quote, after: Quote): EventEnvelope[] {
  // Quotes stored before empty addresses were kept have none: the same as {}.
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
  const fields = EDITABLE.filter((f) => !same(before[f], after[f]));
  if (!fields.length) return [];
  const pick = (q: Quote) => Object.fromEntries(fields.map((f) => [f, q[f]]));
  return [
    createEvent(SOURCE, 'quote.updated', after.id, actor, {
      quote: after,
      changed_fields: [...fields],
      before: pick(before),
      after: pick(after),
    }),
  ];
}

function transitionData(quote: Quote, from: QuoteStatus): QuoteTransition {
  return {
    quote_id: quote.id,
    quote_number: quote.quote_number,
    customer_email: quote.customer_email,
    total_amount: quote.total_amount,
    from,
    to: quote.status,
  };
}

export const quoteSent = (actor: string, quote: Quote, publicUrl: string) =>
  createEvent(SOURCE, 'quote.sent', quote.id, actor, {
    ...transitionData(quote, 'draft'),
    quote,
    e_signature_required: quote.e_signature_required,
    signer: { name: quote.customer_name, email: quote.customer_email },
    public_url: publicUrl,
  });

export function quoteTransition(
  type: 'quote.viewed' | 'quote.rejected' | 'quote.expired',
  actor: string,
  quote: Quote,
  from: QuoteStatus,
) {
  return createEvent(SOURCE, type, quote.id, actor, transitionData(quote, from));
}

/** With the evidence of how the customer accepted, so that consumers need not call back for it. */
export const quoteAccepted = (quote: Quote, from: QuoteStatus, acceptance: QuoteAcceptance) =>
  createEvent(SOURCE, 'quote.accepted', quote.id, 'customer', { ...transitionData(quote, from), acceptance });
