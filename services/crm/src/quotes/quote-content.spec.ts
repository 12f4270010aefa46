import type { Quote } from '@sixa/contracts';
import { createHash } from 'node:crypto';
import { canonicalJson, customerVisibleContent, quoteContentSha256 } from './quote-content';

const quote: Quote = {
  id: '65f000000000000000000001',
  quote_number: 'Q-2026-0007',
  title: 'Rollout für Zürich',
  customer_name: 'Dana Scully',
  customer_email: 'dana@fbi.gov',
  customer_phone: '',
  customer_address: { city: 'Washington', street: '935 Pennsylvania Ave NW' },
  line_items: [
    {
      product_service_id: 'p1',
      product_name: 'CRM Platform',
      pricing_tier: 'standard',
      quantity: 3,
      discount_percentage: 10,
      discount_amount: 0,
      unit_price: 99.99,
      line_total: 269.97,
    },
  ],
  tax_settings: { tax_rate: 8.875, tax_name: 'Sales tax', is_inclusive: false },
  notes: 'Thank you.',
  terms_conditions: 'Net 30.',
  expires_in_days: 30,
  e_signature_required: true,
  created_by: 'user-1',
  status: 'viewed',
  subtotal: 299.97,
  discount_total: 30,
  tax_amount: 23.96,
  total_amount: 293.93,
  created_at: '2026-02-01T10:00:00.000Z',
  sent_at: '2026-02-01T11:00:00.000Z',
  expires_at: '2026-03-03T11:00:00.000Z',
  rev: 2,
};

describe(canonicalJson.name, () => {
  it('sorts keys at every depth, keeps array order and writes no white space', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }, 2.5], é: 'ü' })).toBe(
      '{"a":[{"c":null,"d":"x"},2.5],"b":1,"é":"ü"}',
    );
  });

  it('gives the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ x: { q: 1, p: [3, 2] }, w: true })).toBe(canonicalJson({ w: true, x: { p: [3, 2], q: 1 } }));
  });
});

describe(quoteContentSha256.name, () => {
  it('is the SHA-256 of the canonical JSON of the customer-visible content', () => {
    const expected = createHash('sha256')
      .update(canonicalJson(customerVisibleContent(quote)), 'utf8')
      .digest('hex');
    expect(quoteContentSha256(quote)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores what the customer does not see (author, revision, status, ids)', () => {
    const other = { ...quote, created_by: 'user-2', rev: 9, status: 'sent' as const, id: '65f000000000000000000002' };
    expect(quoteContentSha256(other)).toBe(quoteContentSha256(quote));
  });

  it.each([
    ['the total', { total_amount: 293.94 }],
    ['the terms', { terms_conditions: 'Net 60.' }],
    ['the expiry', { expires_at: '2026-03-04T11:00:00.000Z' }],
    ['a line', { line_items: [{ ...quote.line_items[0], quantity: 4 }] }],
    ['the address', { customer_address: { city: 'Baltimore', street: '935 Pennsylvania Ave NW' } }],
  ])('changes when %s changes', (_what, change) => {
    expect(quoteContentSha256({ ...quote, ...change })).not.toBe(quoteContentSha256(quote));
  });
});
