import { computeQuoteTotals, numericOr } from './money';

describe(computeQuoteTotals.name, () => {
  it.each([
    // [case, lines, tax, expected {subtotal, discount_total, tax_amount, total_amount}]
    ['one line, no tax', [{ unit_price: 100, quantity: 2 }], { tax_rate: 0 }, [200, 0, 0, 200]],
    ['tax exclusive 10%', [{ unit_price: 99.99, quantity: 3 }], { tax_rate: 10 }, [299.97, 0, 30, 329.97]],
    ['tax inclusive 20%', [{ unit_price: 120, quantity: 1 }], { tax_rate: 20, is_inclusive: true }, [120, 0, 20, 120]],
    [
      'percentage discount',
      [{ unit_price: 250, quantity: 4, discount_percentage: 12.5 }],
      { tax_rate: 0 },
      [1000, 125, 0, 875],
    ],
    [
      'amount discount',
      [{ unit_price: 250, quantity: 1, discount_amount: 40.5 }],
      { tax_rate: 8.25 },
      [250, 40.5, 17.28, 226.78],
    ],
    [
      'both discounts on one line',
      [{ unit_price: 100, quantity: 1, discount_percentage: 10, discount_amount: 5 }],
      { tax_rate: 0 },
      [100, 15, 0, 85],
    ],
    [
      'discount never above the line',
      [{ unit_price: 10, quantity: 1, discount_amount: 50 }],
      { tax_rate: 10 },
      [10, 10, 0, 0],
    ],
    [
      'half a cent rounds up (0.005)',
      [{ unit_price: 0.01, quantity: 1, discount_percentage: 50 }],
      { tax_rate: 0 },
      [0.01, 0.01, 0, 0],
    ],
    ['tax of exactly half a cent rounds up', [{ unit_price: 0.1, quantity: 1 }], { tax_rate: 5 }, [0.1, 0, 0.01, 0.11]],
    [
      'binary-float trap 0.1 + 0.2',
      [
        { unit_price: 0.1, quantity: 1 },
        { unit_price: 0.2, quantity: 1 },
      ],
      { tax_rate: 0 },
      [0.3, 0, 0, 0.3],
    ],
    ['decimal quantity', [{ unit_price: 80, quantity: 1.5 }], { tax_rate: 7.5 }, [120, 0, 9, 129]],
    [
      'inclusive with rounding',
      [{ unit_price: 19.99, quantity: 3 }],
      { tax_rate: 19, is_inclusive: true },
      [59.97, 0, 9.58, 59.97],
    ],
    [
      'two lines, mixed discounts, exclusive tax',
      [
        { unit_price: 1499, quantity: 2, discount_percentage: 15 },
        { unit_price: 299.95, quantity: 3, discount_amount: 49.9 },
      ],
      { tax_rate: 8.875 },
      // net 3398.25 x 8.875% = 301.5946875 -> 301.59
      [3897.85, 499.6, 301.59, 3699.84],
    ],
  ])('%s', (_name, lines, tax, [subtotal, discount, taxAmount, total]) => {
    const t = computeQuoteTotals(lines, tax);
    expect([t.subtotal, t.discount_total, t.tax_amount, t.total_amount]).toEqual([
      subtotal,
      discount,
      taxAmount,
      total,
    ]);
  });
});

describe(numericOr.name, () => {
  it.each([
    ['12.5', 0, 12.5],
    ['abc', 30, 30],
    ['', 1, 1],
    [undefined, 0, 0],
    [Number.NaN, 1, 1],
    [7, 0, 7],
  ])('%p with fallback %p -> %p', (value, fallback, expected) => {
    expect(numericOr(value, fallback)).toBe(expected);
  });
});
