/**
 * The money helpers that need no decimal arithmetic, for the screens that only show amounts or read
 * numbers. Contracts' money.ts has them too, beside the quote totals, but importing that module
 * brings decimal.js (12 KB) with it: only the quote form, which computes totals, should load it.
 * Same behaviour as there (the spec's coercion; USD for en-US).
 */

/** The spec's coercions for form input: a value that is not numeric becomes the fallback. */
export function numericOr(value: unknown, fallback: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD formatted for en-US, as the spec requires. */
export function formatUsd(amount: number): string {
  return USD.format(amount);
}
