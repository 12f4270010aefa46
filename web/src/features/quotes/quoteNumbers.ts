import { minExpiryDays, QUOTE_LIMITS } from '@sixa/contracts/browser';
import type { QuoteFormValues } from './quotePayloads';

/** The numbers of a quote form that have a range. */
export type QuoteNumberField = 'quantity' | 'discount_percentage' | 'discount_amount' | 'tax_rate' | 'expires_in_days';

const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The date a quote was sent, as the form says it ('Feb 4, 2026'). */
const sentDay = (sentAt: string) =>
  new Date(sentAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * What is wrong with a number as typed, in words for under the field; null when it is fine. Empty is
 * fine: it takes the spec's default (quantity 1, discounts 0, tax 0, 30 days). `sentAt`: the quote
 * was sent then, and its expiry (counted from it) must still be ahead.
 */
export function quoteNumberProblem(
  field: QuoteNumberField,
  value: unknown,
  sentAt: string | null = null,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'Please enter a number';
  switch (field) {
    case 'quantity': {
      const { min, max } = QUOTE_LIMITS.quantity;
      if (n < min) return 'Quantity must be more than 0';
      return n > max ? `Quantity must be at most ${amount.format(max)}` : null;
    }
    case 'discount_percentage': {
      const { min, max } = QUOTE_LIMITS.discount_percentage;
      return n < min || n > max ? `Discount must be between ${min} and ${max}%` : null;
    }
    case 'discount_amount':
      return n < QUOTE_LIMITS.discount_amount.min ? 'Discount amount must not be negative' : null;
    case 'tax_rate': {
      const { min, max } = QUOTE_LIMITS.tax_rate;
      return n < min || n > max ? `Tax rate must be between ${min} and ${max}%` : null;
    }
    case 'expires_in_days': {
      const { min, max } = QUOTE_LIMITS.expires_in_days;
      if (!Number.isInteger(n)) return 'Please enter a whole number of days';
      if (n > max) return `At most ${max} days`;
      const least = Math.max(min, minExpiryDays(sentAt));
      if (n >= least) return null;
      return sentAt ? `At least ${least} days: the quote was sent on ${sentDay(sentAt)}` : `At least ${min} day`;
    }
  }
}

/** An antd rule that shows the problem under the field as the user types. */
export function quoteNumberRule(field: QuoteNumberField, sentAt: string | null = null) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const problem = quoteNumberProblem(field, value, sentAt);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** Whether every number of the form is in its range: the totals are shown, and the quote can be sent, only then. */
export function quoteNumbersValid(values: QuoteFormValues | undefined, sentAt: string | null = null): boolean {
  if (!values) return true;
  const lines = values.line_items ?? [];
  return (
    lines.every(
      (line) =>
        !quoteNumberProblem('quantity', line?.quantity) &&
        !quoteNumberProblem('discount_percentage', line?.discount_percentage) &&
        !quoteNumberProblem('discount_amount', line?.discount_amount),
    ) &&
    !quoteNumberProblem('tax_rate', values.tax_rate) &&
    !quoteNumberProblem('expires_in_days', values.expires_in_days, sentAt)
  );
}
