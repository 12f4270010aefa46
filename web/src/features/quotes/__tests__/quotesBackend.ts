import {
  computeQuoteTotals,
  type ProductService,
  type Quote,
  type QuoteAnalyticsSummary,
  type User,
} from '@sixa/contracts/browser';
import { mockApi, type RouteHandler } from '../../../test/mockApi';

let sequence = 0;

export function buildProduct(overrides: Partial<ProductService> = {}): ProductService {
  sequence += 1;
  const prices = overrides.prices ?? { standard: 100, premium: 150, enterprise: 220 };
  return {
    id: `product-${sequence}`,
    name: `Product ${sequence}`,
    description: '',
    unit_price: prices.standard,
    prices,
    ...overrides,
  };
}

/** A quote as the CRM service returns it, its totals computed by the shared money function. */
export function buildQuote(overrides: Partial<Quote> = {}): Quote {
  sequence += 1;
  const lineItems = overrides.line_items ?? [
    {
      product_service_id: 'product-crm',
      product_name: 'CRM Platform License',
      pricing_tier: 'standard' as const,
      quantity: 2,
      discount_percentage: 0,
      discount_amount: 0,
      unit_price: 480,
      line_total: 960,
    },
  ];
  const tax = overrides.tax_settings ?? { tax_rate: 10, tax_name: 'Tax', is_inclusive: false };
  const totals = computeQuoteTotals(lineItems, tax);
  return {
    id: `quote-${sequence}`,
    etag: `0.quote-${sequence}`,
    rev: 0,
    quote_number: `Q-2026-${String(sequence).padStart(4, '0')}`,
    title: `Quote ${sequence}`,
    customer_name: 'Maria Gonzalez',
    customer_email: 'maria@northwind-traders.com',
    customer_phone: '',
    customer_address: {},
    line_items: lineItems,
    tax_settings: tax,
    notes: '',
    terms_conditions: '',
    expires_in_days: 30,
    e_signature_required: false,
    created_by: 'admin-1',
    status: 'draft',
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    tax_amount: totals.tax_amount,
    total_amount: totals.total_amount,
    created_at: '2026-02-03T10:00:00.000Z',
    sent_at: null,
    expires_at: null,
    ...overrides,
  };
}

export function summaryOf(quotes: Quote[]): QuoteAnalyticsSummary {
  const total = quotes.reduce((sum, quote) => sum + quote.total_amount, 0);
  return {
    total_quotes: quotes.length,
    conversion_rate: 0,
    total_value: total,
    average_quote_value: quotes.length ? total / quotes.length : 0,
  };
}

/** The quote endpoints over a list the handlers change, like the server. */
export function quotesBackend(
  me: User,
  initial: Quote[],
  products: ProductService[],
  more: Record<string, RouteHandler> = {},
) {
  let quotes = [...initial];
  const api = mockApi({
    'GET /api/auth/me': { body: me },
    'GET /api/quotes': () => ({ body: quotes }),
    'GET /api/quotes/analytics/summary': () => ({ body: summaryOf(quotes) }),
    'GET /api/products-services': { body: products },
    // Settings › System Settings set the workspace's default expiry to 45 days.
    'GET /api/quotes/defaults': { body: { expires_in_days: 45, tax_name: 'Tax' } },
    ...more,
  });
  return {
    api,
    set(next: Quote[]) {
      quotes = next;
    },
    get quotes() {
      return quotes;
    },
  };
}
