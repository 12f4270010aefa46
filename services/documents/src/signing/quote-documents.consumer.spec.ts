import type { Quote } from '@sixa/contracts';
import { quoteDocumentContent } from './quote-documents.consumer';

describe(quoteDocumentContent.name, () => {
  it('writes the quote as headings and a table with amounts as the quote screens show them', () => {
    const quote: Partial<Quote> = {
      quote_number: 'Q-2026-0007',
      title: 'Assistant pilot',
      customer_name: 'Lukas Weber',
      customer_email: 'lukas@fabrikam.test',
      line_items: [
        {
          product_service_id: 'p1',
          product_name: 'AI Assistant Add-on <beta>',
          quantity: 3,
          unit_price: 900,
          discount_percentage: 0,
          discount_amount: 0,
          line_total: 2700,
          pricing_tier: 'standard',
        },
      ],
      subtotal: 2700,
      discount_total: 0,
      tax_amount: 229.5,
      total_amount: 2929.5,
      tax_settings: { tax_rate: 8.5, tax_name: 'Sales Tax', is_inclusive: false },
    };
    const html = quoteDocumentContent(quote as Quote);
    expect(html).toContain('<h1>Quote Q-2026-0007: Assistant pilot</h1>');
    expect(html).toContain(
      '<tr><td>AI Assistant Add-on &lt;beta&gt;</td><td class="num">3</td><td class="num">$900.00</td><td class="num">$0.00</td><td class="num">$2,700.00</td></tr>',
    );
    expect(html).toContain('<tr><th>Sales Tax</th><td class="num">$229.50</td></tr>');
    expect(html).toContain('<strong>$2,929.50</strong>');
  });
});
