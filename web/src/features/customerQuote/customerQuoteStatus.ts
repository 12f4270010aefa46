import type { QuoteStatus } from '@sixa/contracts/browser';
import { formatDate } from '../../shared/formatDate';
import type { PublicQuote } from './customerQuoteApi';

/** Only a sent (or already opened) quote can still be answered, and only before it expires. */
export function isExpired(quote: PublicQuote, now = Date.now()): boolean {
  if (quote.status === 'expired') return true;
  if (!quote.expires_at) return false;
  const expires = new Date(quote.expires_at).getTime();
  return !Number.isNaN(expires) && expires < now;
}

export function canAnswer(quote: PublicQuote, now = Date.now()): boolean {
  return (quote.status === 'sent' || quote.status === 'viewed') && !isExpired(quote, now);
}

const DECIDED: Partial<Record<QuoteStatus, string>> = {
  accepted: 'This quote has already been accepted.',
  rejected: 'This quote has already been declined.',
  draft: 'This quote has not been sent yet.',
};

/** Why the buttons are gone, for a quote that cannot be answered. */
export function closedReason(quote: PublicQuote): string {
  const decided = DECIDED[quote.status];
  if (decided) return decided;
  return quote.expires_at
    ? `This quote expired on ${formatDate(quote.expires_at)} and can no longer be accepted.`
    : 'This quote has expired and can no longer be accepted.';
}

export const ANSWER_RESULTS = {
  accepted: 'You accepted this quote.',
  rejected: 'You declined this quote.',
} as const;
