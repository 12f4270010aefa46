import { QUOTE_CONTENT_FORMAT, type Quote } from '@sixa/contracts';
import { createHash } from 'node:crypto';

/**
 * The quote's content as the customer sees it, in the form `sixa.quote-content.v1`: the fields of
 * the customer's page (and the customer's own details), named as in the API. Changing this list or
 * a field's form is a new format name, so that hashes stored under the old one can still be checked.
 */
export function customerVisibleContent(q: Quote) {
  return {
    format: QUOTE_CONTENT_FORMAT,
    currency: 'USD',
    quote_number: q.quote_number,
    title: q.title,
    customer_name: q.customer_name,
    customer_email: q.customer_email,
    customer_phone: q.customer_phone ?? '',
    customer_address: q.customer_address ?? {},
    line_items: q.line_items.map((l) => ({
      product_name: l.product_name,
      pricing_tier: l.pricing_tier,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_percentage: l.discount_percentage,
      discount_amount: l.discount_amount,
      line_total: l.line_total,
    })),
    tax_settings: {
      tax_rate: q.tax_settings.tax_rate,
      tax_name: q.tax_settings.tax_name,
      is_inclusive: q.tax_settings.is_inclusive,
    },
    subtotal: q.subtotal,
    discount_total: q.discount_total,
    tax_amount: q.tax_amount,
    total_amount: q.total_amount,
    notes: q.notes,
    terms_conditions: q.terms_conditions,
    expires_at: q.expires_at,
  };
}

/**
 * Canonical JSON: object keys sorted by code unit, no white space, arrays in order, strings and
 * numbers as JSON.stringify writes them (the same as RFC 8785 for the values a quote holds).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the canonical JSON of what the customer sees of `quote`. */
export function quoteContentSha256(quote: Quote): string {
  return createHash('sha256')
    .update(canonicalJson(customerVisibleContent(quote)), 'utf8')
    .digest('hex');
}
