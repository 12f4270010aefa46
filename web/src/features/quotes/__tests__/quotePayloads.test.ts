import { computeQuoteTotals, type ProductService } from '@sixa/contracts/browser';
import { buildQuoteBody, canSubmitQuote, NEW_QUOTE, previewTotals, quoteFormValues } from '../quotePayloads';
import { buildQuote } from './quotesBackend';

const crm: ProductService = {
  id: 'p-crm',
  name: 'CRM',
  description: '',
  unit_price: 480,
  prices: { standard: 480, premium: 720, enterprise: 1080 },
};

const filled = {
  ...NEW_QUOTE,
  title: ' Rollout ',
  customer_name: 'Maria',
  customer_email: 'maria@northwind.com',
  line_items: [{ product_service_id: 'p-crm', pricing_tier: 'premium' as const, quantity: 2 }],
};

describe('quote payloads', () => {
  it('applies the spec coercions to values that are not numeric', () => {
    const body = buildQuoteBody({
      ...filled,
      tax_rate: 'abc',
      expires_in_days: '',
      line_items: [{ product_service_id: 'p-crm', quantity: 'two', discount_percentage: null, discount_amount: 'x' }],
    });
    expect(body.tax_settings.tax_rate).toBe(0);
    expect(body.expires_in_days).toBe(30);
    expect(body.line_items).toEqual([
      {
        product_service_id: 'p-crm',
        quantity: 1,
        discount_percentage: 0,
        discount_amount: 0,
        pricing_tier: 'standard',
      },
    ]);
  });

  it('keeps numbers given as text, and leaves range checks to the server', () => {
    const body = buildQuoteBody({
      ...filled,
      tax_rate: '7.5',
      line_items: [{ product_service_id: 'p-crm', quantity: '-3' }],
    });
    expect(body.tax_settings.tax_rate).toBe(7.5);
    expect(body.line_items[0].quantity).toBe(-3);
  });

  it('trims the text, defaults the tax name, and sends only filled address parts', () => {
    const body = buildQuoteBody({ ...filled, tax_name: '  ', customer_address: { city: ' Seattle ', street: '' } });
    expect(body.title).toBe('Rollout');
    expect(body.tax_settings.tax_name).toBe('Tax');
    expect(body.customer_address).toEqual({ city: 'Seattle' });
    expect(buildQuoteBody(filled)).not.toHaveProperty('customer_address');
    expect(body.created_by).toBe('current_user');
  });

  it('needs title, customer name and email and at least one line, each with a product', () => {
    expect(canSubmitQuote(filled)).toBe(true);
    expect(canSubmitQuote({ ...filled, title: '  ' })).toBe(false);
    expect(canSubmitQuote({ ...filled, customer_email: '' })).toBe(false);
    expect(canSubmitQuote({ ...filled, line_items: [] })).toBe(false);
    expect(canSubmitQuote({ ...filled, line_items: [...filled.line_items, { quantity: 1 }] })).toBe(false);
  });

  it("previews with the tier's price and the server's money function", () => {
    const body = buildQuoteBody({ ...filled, tax_rate: 10 });
    expect(previewTotals(body, [crm])).toEqual(
      computeQuoteTotals([{ unit_price: 720, quantity: 2, discount_percentage: 0, discount_amount: 0 }], {
        tax_rate: 10,
        is_inclusive: false,
      }),
    );
  });

  it('fills the edit form with what the saved quote would send again', () => {
    const quote = buildQuote({ customer_address: { city: 'Seattle' }, notes: 'n', e_signature_required: true });
    const body = buildQuoteBody(quoteFormValues(quote));
    expect(body).toMatchObject({
      title: quote.title,
      customer_address: { city: 'Seattle' },
      tax_settings: quote.tax_settings,
      expires_in_days: quote.expires_in_days,
      e_signature_required: true,
      notes: 'n',
    });
    expect(body.line_items).toHaveLength(quote.line_items.length);
  });
});
