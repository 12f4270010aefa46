import Decimal from 'decimal.js';

/**
 * Quote money, computed the same way on the server (what is stored) and in the create modal (what
 * the user sees): decimal arithmetic, never binary floats, rounded half-up to cents (USD).
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export const PRICING_TIERS = ['standard', 'premium', 'enterprise'] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

export interface MoneyLineInput {
  /** The product's price for the line's tier. */
  unit_price: number | string;
  quantity: number | string;
  discount_percentage?: number | string;
  discount_amount?: number | string;
}

export interface MoneyTaxInput {
  tax_rate: number | string;
  is_inclusive?: boolean;
}

export interface LineTotals {
  unit_price: number;
  quantity: number;
  gross: number;
  discount: number;
  net: number;
}

export interface QuoteTotals {
  lines: LineTotals[];
  /** Sum of the lines before discounts. */
  subtotal: number;
  discount_total: number;
  /** Subtotal less discounts: what tax applies to. */
  net_total: number;
  tax_amount: number;
  total_amount: number;
}

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const num = (d: Decimal) => Number(cents(d).toFixed(2));

/**
 * Per line: gross = unit price x quantity; discount = gross x percentage + amount, never more than
 * the gross; each rounded to cents. Tax exclusive: added to the net at the rate. Tax inclusive:
 * already inside the net, so the tax is net - net / (1 + rate).
 */
export function computeQuoteTotals(lines: MoneyLineInput[], tax: MoneyTaxInput): QuoteTotals {
  const computed = lines.map((l) => {
    const unit = new D(l.unit_price);
    const qty = new D(l.quantity);
    const gross = cents(unit.times(qty));
    const byPct = gross.times(new D(l.discount_percentage ?? 0)).div(100);
    const discount = cents(D.min(gross, byPct.plus(new D(l.discount_amount ?? 0))));
    return { unit, qty, gross, discount, net: gross.minus(discount) };
  });
  const subtotal = computed.reduce((s, l) => s.plus(l.gross), new D(0));
  const discountTotal = computed.reduce((s, l) => s.plus(l.discount), new D(0));
  const net = subtotal.minus(discountTotal);
  const rate = new D(tax.tax_rate).div(100);
  const taxAmount = tax.is_inclusive ? cents(net.minus(net.div(rate.plus(1)))) : cents(net.times(rate));
  const total = tax.is_inclusive ? net : net.plus(taxAmount);
  return {
    lines: computed.map((l) => ({
      unit_price: num(l.unit),
      quantity: l.qty.toNumber(),
      gross: num(l.gross),
      discount: num(l.discount),
      net: num(l.net),
    })),
    subtotal: num(subtotal),
    discount_total: num(discountTotal),
    net_total: num(net),
    tax_amount: num(taxAmount),
    total_amount: num(total),
  };
}

/** The spec's coercions for form input: a value that is not numeric becomes the fallback. */
export function numericOr(value: unknown, fallback: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** USD formatted for en-US, as the spec requires. */
export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}
