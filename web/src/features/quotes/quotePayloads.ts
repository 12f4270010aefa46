import {
  computeQuoteTotals,
  type PricingTier,
  type ProductService,
  type Quote,
  type QuoteTotals,
} from '@sixa/contracts/browser';
import { numericOr } from '../../shared/money';
import type { QuoteBody, QuoteLineBody } from './quotesApi';

/** Spec s.3 and s.9 defaults. */
export const QUOTE_DEFAULTS = {
  expiresInDays: 30,
  taxName: 'Tax',
  taxRate: 0,
  quantity: 1,
  discount: 0,
  pricingTier: 'standard' as PricingTier,
} as const;

/** The spec's client sends this placeholder; the server records the signed-in user. */
export const CREATED_BY_PLACEHOLDER = 'current_user';

export const ADDRESS_FIELDS = [
  { key: 'street', label: 'Street' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State / Region' },
  { key: 'postal_code', label: 'Postal Code' },
  { key: 'country', label: 'Country' },
] as const;

/** Form inputs are loose: a cleared number field is null, and anything may arrive as text. */
type Loose = number | string | null | undefined;

export interface QuoteLineFormValues {
  product_service_id?: string;
  pricing_tier?: PricingTier;
  quantity?: Loose;
  discount_percentage?: Loose;
  discount_amount?: Loose;
}

export interface QuoteFormValues {
  title?: string;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  customer_address?: Partial<Record<string, string>>;
  line_items?: QuoteLineFormValues[];
  tax_rate?: Loose;
  tax_name?: string;
  is_inclusive?: boolean;
  notes?: string;
  terms_conditions?: string;
  expires_in_days?: Loose;
  e_signature_required?: boolean;
}

export const NEW_LINE: QuoteLineFormValues = {
  pricing_tier: QUOTE_DEFAULTS.pricingTier,
  quantity: QUOTE_DEFAULTS.quantity,
  discount_percentage: QUOTE_DEFAULTS.discount,
  discount_amount: QUOTE_DEFAULTS.discount,
};

export const NEW_QUOTE: QuoteFormValues = {
  title: '',
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  customer_address: {},
  line_items: [],
  tax_rate: QUOTE_DEFAULTS.taxRate,
  tax_name: QUOTE_DEFAULTS.taxName,
  is_inclusive: false,
  notes: '',
  terms_conditions: '',
  expires_in_days: QUOTE_DEFAULTS.expiresInDays,
  e_signature_required: false,
};

/**
 * Create is disabled unless title, customer name and e-mail are filled and there is at least one
 * line item (spec s.5); every line needs its product, or it could not be priced.
 */
export function canSubmitQuote(values: QuoteFormValues | undefined): boolean {
  const lines = values?.line_items ?? [];
  return Boolean(
    values?.title?.trim() &&
    values.customer_name?.trim() &&
    values.customer_email?.trim() &&
    lines.length > 0 &&
    lines.every((line) => line?.product_service_id),
  );
}

/** Spec s.5 coercions: quantity not numeric -> 1, discounts -> 0. */
export function buildLineBody(line: QuoteLineFormValues): QuoteLineBody {
  return {
    product_service_id: line.product_service_id ?? '',
    quantity: numericOr(line.quantity, QUOTE_DEFAULTS.quantity),
    discount_percentage: numericOr(line.discount_percentage, QUOTE_DEFAULTS.discount),
    discount_amount: numericOr(line.discount_amount, QUOTE_DEFAULTS.discount),
    pricing_tier: line.pricing_tier ?? QUOTE_DEFAULTS.pricingTier,
  };
}

function addressOf(values: QuoteFormValues): Record<string, string> | undefined {
  const filled = Object.entries(values.customer_address ?? {}).flatMap(([key, value]) =>
    typeof value === 'string' && value.trim() ? [[key, value.trim()] as const] : [],
  );
  return filled.length ? Object.fromEntries(filled) : undefined;
}

/**
 * The POST/PUT body, with the spec's coercions (tax rate not numeric -> 0, expiry -> 30, quantity
 * -> 1, discounts -> 0). Range checks (negative quantity, discount over 100%) are the server's.
 */
export function buildQuoteBody(values: QuoteFormValues): QuoteBody {
  const body: QuoteBody = {
    title: values.title?.trim() ?? '',
    customer_name: values.customer_name?.trim() ?? '',
    customer_email: values.customer_email?.trim() ?? '',
    customer_phone: values.customer_phone?.trim() ?? '',
    line_items: (values.line_items ?? []).map(buildLineBody),
    tax_settings: {
      tax_rate: numericOr(values.tax_rate, QUOTE_DEFAULTS.taxRate),
      tax_name: values.tax_name?.trim() || QUOTE_DEFAULTS.taxName,
      is_inclusive: values.is_inclusive ?? false,
    },
    notes: values.notes ?? '',
    terms_conditions: values.terms_conditions ?? '',
    expires_in_days: numericOr(values.expires_in_days, QUOTE_DEFAULTS.expiresInDays),
    e_signature_required: values.e_signature_required ?? false,
    created_by: CREATED_BY_PLACEHOLDER,
  };
  const address = addressOf(values);
  if (address) body.customer_address = address;
  return body;
}

/** The price of a product at a tier (the standard price where a tier has none). */
export function tierPrice(product: ProductService, tier: PricingTier): number {
  return product.prices?.[tier] ?? product.unit_price;
}

/**
 * What the quote will come to: the server's own function over the same coerced body, with each
 * line priced at its product's tier. Lines without a product yet count as nothing.
 */
export function previewTotals(body: QuoteBody, products: readonly ProductService[]): QuoteTotals {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = body.line_items.map((line) => {
    const product = byId.get(line.product_service_id);
    return {
      unit_price: product ? tierPrice(product, line.pricing_tier) : 0,
      quantity: product ? line.quantity : 0,
      discount_percentage: line.discount_percentage,
      discount_amount: product ? line.discount_amount : 0,
    };
  });
  return computeQuoteTotals(lines, body.tax_settings);
}

/** Edit: the form filled from a draft. */
export function quoteFormValues(quote: Quote): QuoteFormValues {
  return {
    title: quote.title,
    customer_name: quote.customer_name,
    customer_email: quote.customer_email,
    customer_phone: quote.customer_phone,
    customer_address: { ...quote.customer_address },
    line_items: quote.line_items.map((line) => ({
      product_service_id: line.product_service_id,
      pricing_tier: line.pricing_tier,
      quantity: line.quantity,
      discount_percentage: line.discount_percentage,
      discount_amount: line.discount_amount,
    })),
    tax_rate: quote.tax_settings.tax_rate,
    tax_name: quote.tax_settings.tax_name,
    is_inclusive: quote.tax_settings.is_inclusive,
    notes: quote.notes,
    terms_conditions: quote.terms_conditions,
    expires_in_days: quote.expires_in_days,
    e_signature_required: quote.e_signature_required,
  };
}
