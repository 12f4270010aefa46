import type { Quote, QuoteStatus } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'crm';

export const quoteCreated = (actor: string, quote: Quote) =>
  createEvent(SOURCE, 'quote.created', quote.id, actor, { quote });

export const quoteSent = (actor: string, quote: Quote, publicUrl: string) =>
  createEvent(SOURCE, 'quote.sent', quote.id, actor, {
    quote,
    e_signature_required: quote.e_signature_required,
    signer: { name: quote.customer_name, email: quote.customer_email },
    public_url: publicUrl,
  });

export function quoteTransition(
  type: 'quote.viewed' | 'quote.accepted' | 'quote.rejected' | 'quote.expired',
  actor: string,
  quote: Quote,
  from: QuoteStatus,
) {
  return createEvent(SOURCE, type, quote.id, actor, {
    quote_id: quote.id,
    quote_number: quote.quote_number,
    customer_email: quote.customer_email,
    total_amount: quote.total_amount,
    from,
    to: quote.status,
  });
}
