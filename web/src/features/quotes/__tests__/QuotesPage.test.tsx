import { computeQuoteTotals, formatUsd } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { adminUser, employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildProduct, buildQuote, quotesBackend } from './quotesBackend';

const employee = employeeUser();
const admin = adminUser();

const crm = buildProduct({
  id: 'product-crm',
  name: 'CRM Platform License',
  prices: { standard: 480, premium: 720, enterprise: 1080 },
});
const support = buildProduct({
  id: 'product-support',
  name: 'Premium Support',
  prices: { standard: 299.99, premium: 499.99, enterprise: 899.99 },
});
const products = [crm, support];

const draft = buildQuote({ id: 'quote-draft', quote_number: 'Q-2026-0007', title: 'Northwind CRM rollout' });
const sent = buildQuote({
  id: 'quote-sent',
  quote_number: 'Q-2026-0003',
  title: 'Contoso automation pilot',
  customer_name: 'James Chen',
  customer_email: 'j.chen@contoso.io',
  status: 'sent',
  sent_at: '2026-02-04T10:00:00.000Z',
});

async function openQuotes(signedInAs = employee) {
  const view = renderApp({ path: '/quotes', signedInAs });
  await screen.findByRole('heading', { name: 'Quoting Tool' });
  return view;
}

function rowOf(quoteNumber: string) {
  const row = screen.getByRole('cell', { name: new RegExp(quoteNumber) }).closest('tr');
  if (!row) throw new Error(`no row for ${quoteNumber}`);
  return within(row);
}

/** The open dialog with this title (ids are all 'test-id' under jest: match the title text). */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return within(dialog);
}

async function choose(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  // The newest dropdown is the last in the document (closed ones stay mounted, hidden).
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

async function retype(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

const stat = (title: string) => screen.getByText(title).closest('.ant-statistic');

describe('Quotes screen', () => {
  it('shows the summary cards and every quote with its number, title, customer, amount and status', async () => {
    quotesBackend(employee, [draft, sent], products, {
      'GET /api/quotes/analytics/summary': {
        body: { total_quotes: 2, conversion_rate: 33.3, total_value: 12345.6, average_quote_value: 6172.8 },
      },
    });
    await openQuotes();

    const draftRow = await screen.findByRole('row', { name: /Q-2026-0007/ });
    expect(draftRow).toHaveTextContent('Northwind CRM rollout');
    expect(draftRow).toHaveTextContent('maria@northwind-traders.com');
    expect(draftRow).toHaveTextContent(formatUsd(draft.total_amount));
    expect(draftRow).toHaveTextContent('draft');
    expect(rowOf('Q-2026-0003').getByText('sent')).toBeInTheDocument();
    expect(rowOf('Q-2026-0003').getByText('James Chen')).toBeInTheDocument();

    await waitFor(() => expect(stat('Total Quotes')).toHaveTextContent('2'));
    expect(stat('Conversion Rate')).toHaveTextContent('33.3%');
    expect(stat('Total Value')).toHaveTextContent('$12,345.60');
    expect(stat('Avg Quote Value')).toHaveTextContent('$6,172.80');
  });

  it('says so when there are no quotes yet', async () => {
    quotesBackend(employee, [], products);
    await openQuotes();

    expect(await screen.findByText('No quotes found')).toBeInTheDocument();
    expect(screen.getByText('Create your first quote to get started')).toBeInTheDocument();
    expect(stat('Total Quotes')).toHaveTextContent('0');
    expect(stat('Total Value')).toHaveTextContent('$0.00');
  });

  it('offers Send only for drafts and Edit on every quote, and sends one', async () => {
    const backend = quotesBackend(employee, [draft, sent], products);
    backend.api.use({
      'POST /api/quotes/quote-draft/send': () => {
        const nowSent = { ...draft, status: 'sent' as const, sent_at: '2026-02-05T09:00:00.000Z' };
        backend.set([nowSent, sent]);
        return { body: nowSent };
      },
    });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0007/ });

    expect(rowOf('Q-2026-0003').queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    expect(rowOf('Q-2026-0003').getByRole('button', { name: /Edit/ })).toBeEnabled();
    expect(rowOf('Q-2026-0003').getByRole('button', { name: /View/ })).toBeEnabled();
    expect(rowOf('Q-2026-0007').getByRole('button', { name: /Edit/ })).toBeEnabled();

    await user.click(rowOf('Q-2026-0007').getByRole('button', { name: /Send/ }));

    expect(await screen.findByText('Quote sent successfully!')).toBeInTheDocument();
    expect(backend.api.callsTo('POST /api/quotes/quote-draft/send')).toHaveLength(1);
    expect(await rowOf('Q-2026-0007').findByText('sent')).toBeInTheDocument();
    expect(rowOf('Q-2026-0007').queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });

  it("shows the server's detail when sending fails", async () => {
    const backend = quotesBackend(employee, [draft], products);
    backend.api.use({
      'POST /api/quotes/quote-draft/send': { status: 409, body: { detail: 'Only a draft can be sent' } },
    });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0007/ });

    await user.click(rowOf('Q-2026-0007').getByRole('button', { name: /Send/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Only a draft can be sent');
  });

  it('initializes sample data, and says so; a failure without detail shows the spec text', async () => {
    const backend = quotesBackend(employee, [], products, {
      'POST /api/quotes/init-sample-data': { body: { created: { products: 5, leads: 5, quotes: 2 } } },
    });
    const { user } = await openQuotes();

    await user.click(screen.getByRole('button', { name: /Initialize Sample Data/ }));
    expect(await screen.findByText('Sample data initialized successfully!')).toBeInTheDocument();
    // The list and the cards are asked again.
    await waitFor(() => expect(backend.api.callsTo('GET /api/quotes').length).toBeGreaterThanOrEqual(2));

    backend.api.use({ 'POST /api/quotes/init-sample-data': { status: 500 } });
    await user.click(screen.getByRole('button', { name: /Initialize Sample Data/ }));
    expect(await screen.findByText('Error initializing sample data. Please try again.')).toBeInTheDocument();
  });

  it('keeps Create Quote disabled until title, customer name, customer email and a priced line exist', async () => {
    quotesBackend(employee, [], products);
    const { user } = await openQuotes();

    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    const create = dialog.getByRole('button', { name: 'Create Quote' });
    expect(create).toBeDisabled();

    await user.type(dialog.getByLabelText('Title'), 'Northwind CRM rollout');
    await user.type(dialog.getByLabelText('Customer Name'), 'Maria Gonzalez');
    await user.type(dialog.getByLabelText('Customer Email'), 'maria@northwind-traders.com');
    await waitFor(() => expect(dialog.getByLabelText('Customer Email')).toHaveValue('maria@northwind-traders.com'));
    expect(create).toBeDisabled();

    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    expect(create).toBeDisabled();
    await choose(user, dialog.getByLabelText('Product'), 'CRM Platform License');
    await waitFor(() => expect(create).toBeEnabled());

    await user.clear(dialog.getByLabelText('Title'));
    await waitFor(() => expect(create).toBeDisabled());
  });

  it('previews the totals of two lines exactly as computeQuoteTotals computes them', async () => {
    quotesBackend(employee, [], products);
    const { user } = await openQuotes();

    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    const product = dialog.getAllByLabelText('Product');
    expect(product).toHaveLength(2);

    await choose(user, product[0], 'CRM Platform License');
    await choose(user, dialog.getAllByLabelText('Pricing Tier')[0], 'Premium');
    await retype(user, dialog.getAllByLabelText('Quantity')[0], '3');
    await retype(user, dialog.getAllByLabelText('Discount %')[0], '10');
    await choose(user, product[1], 'Premium Support');
    await retype(user, dialog.getAllByLabelText('Quantity')[1], '2');
    await retype(user, dialog.getAllByLabelText('Discount Amount')[1], '15.5');
    await retype(user, dialog.getByLabelText('Tax Rate (%)'), '8.25');

    const expected = computeQuoteTotals(
      [
        { unit_price: 720, quantity: 3, discount_percentage: 10, discount_amount: 0 },
        { unit_price: 299.99, quantity: 2, discount_percentage: 0, discount_amount: 15.5 },
      ],
      { tax_rate: 8.25, is_inclusive: false },
    );
    const preview = () => dialog.getByText('Totals preview').closest('.ant-descriptions') as HTMLElement;
    await waitFor(() => expect(within(preview()).getByText(formatUsd(expected.total_amount))).toBeInTheDocument());
    expect(within(preview()).getByText(formatUsd(expected.subtotal))).toBeInTheDocument();
    expect(within(preview()).getByText(`-${formatUsd(expected.discount_total)}`)).toBeInTheDocument();
    expect(within(preview()).getByText(formatUsd(expected.tax_amount))).toBeInTheDocument();
    expect(within(preview()).getByText('Tax (8.25%)')).toBeInTheDocument();
    expect(dialog.getByText(`Line total ${formatUsd(expected.lines[0].net)}`)).toBeInTheDocument();
    expect(dialog.getByText(`Line total ${formatUsd(expected.lines[1].net)}`)).toBeInTheDocument();

    // Tax included in the prices: the total is the net, the tax is inside it.
    await user.click(dialog.getByRole('checkbox', { name: 'Tax included in prices' }));
    const inclusive = computeQuoteTotals(
      [
        { unit_price: 720, quantity: 3, discount_percentage: 10 },
        { unit_price: 299.99, quantity: 2, discount_amount: 15.5 },
      ],
      { tax_rate: 8.25, is_inclusive: true },
    );
    await waitFor(() => expect(within(preview()).getByText(formatUsd(inclusive.tax_amount))).toBeInTheDocument());
    expect(within(preview()).getByText(formatUsd(inclusive.total_amount))).toBeInTheDocument();
  });

  it('sends the quote with the spec coercions for cleared numbers, then lists it', async () => {
    const backend = quotesBackend(admin, [], products);
    const created = buildQuote({ id: 'quote-new', quote_number: 'Q-2026-0010', title: 'Support renewal' });
    backend.api.use({
      'POST /api/quotes': () => {
        backend.set([created]);
        return { status: 201, body: created };
      },
    });
    const { user } = await openQuotes(admin);

    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    await user.type(dialog.getByLabelText('Title'), 'Support renewal');
    await user.type(dialog.getByLabelText('Customer Name'), 'Maria Gonzalez');
    await user.type(dialog.getByLabelText('Customer Email'), 'maria@northwind-traders.com');
    await user.type(dialog.getByLabelText('City'), 'Seattle');
    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    await choose(user, dialog.getByLabelText('Product'), 'Premium Support');
    await retype(user, dialog.getByLabelText('Quantity'), '');
    await retype(user, dialog.getByLabelText('Discount %'), '');
    await retype(user, dialog.getByLabelText('Discount Amount'), '');
    await retype(user, dialog.getByLabelText('Tax Rate (%)'), '');
    await retype(user, dialog.getByLabelText('Expires in (days)'), '');
    await user.click(dialog.getByRole('checkbox', { name: 'Require e-signature' }));
    const create = dialog.getByRole('button', { name: 'Create Quote' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    await waitFor(() => expect(backend.api.callsTo('POST /api/quotes')).toHaveLength(1));
    expect(backend.api.callsTo('POST /api/quotes')[0].body).toEqual({
      title: 'Support renewal',
      customer_name: 'Maria Gonzalez',
      customer_email: 'maria@northwind-traders.com',
      customer_phone: '',
      customer_address: { city: 'Seattle' },
      line_items: [
        {
          product_service_id: 'product-support',
          quantity: 1,
          discount_percentage: 0,
          discount_amount: 0,
          pricing_tier: 'standard',
        },
      ],
      tax_settings: { tax_rate: 0, tax_name: 'Tax', is_inclusive: false },
      notes: '',
      terms_conditions: '',
      expires_in_days: 30,
      e_signature_required: true,
      created_by: 'current_user',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: /Q-2026-0010/ })).toBeInTheDocument();
  });

  it("starts a new quote's expiry from the workspace's default (Settings › System Settings)", async () => {
    quotesBackend(admin, [], products);
    const { user } = await openQuotes(admin);
    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    await waitFor(() => expect(dialog.getByLabelText('Expires in (days)')).toHaveValue('45'));
  });

  it("shows the server's detail inside the form when it refuses the quote", async () => {
    const backend = quotesBackend(employee, [], products);
    backend.api.use({
      'POST /api/quotes': {
        status: 400,
        body: { detail: 'Line 1: this product is no longer sold' },
      },
    });
    const { user } = await openQuotes();

    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    await user.type(dialog.getByLabelText('Title'), 'Too generous');
    await user.type(dialog.getByLabelText('Customer Name'), 'Maria Gonzalez');
    await user.type(dialog.getByLabelText('Customer Email'), 'maria@northwind-traders.com');
    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    await choose(user, dialog.getByLabelText('Product'), 'CRM Platform License');
    await retype(user, dialog.getByLabelText('Discount %'), '15');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Create Quote' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: 'Create Quote' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Line 1: this product is no longer sold');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(dialog.getByLabelText('Title')).toHaveValue('Too generous');
  });

  it('opens a read-only view of a quote with its lines and totals', async () => {
    quotesBackend(employee, [sent], products, { 'GET /api/quotes/quote-sent': { body: sent } });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0003/ });

    await user.click(rowOf('Q-2026-0003').getByRole('button', { name: /View/ }));

    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText('Quote Q-2026-0003')).toBeInTheDocument();
    expect(drawer.getByText('Contoso automation pilot')).toBeInTheDocument();
    expect(drawer.getByRole('cell', { name: 'CRM Platform License' })).toBeInTheDocument();
    expect(drawer.getAllByText(formatUsd(sent.total_amount)).length).toBeGreaterThan(0);
    expect(drawer.getByText(formatUsd(sent.tax_amount))).toBeInTheDocument();
    expect(drawer.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows a sent quote's customer link in the view, and copies it", async () => {
    const publicUrl = 'https://sixa.example/quote/quote-sent.c2lnbmVk';
    quotesBackend(employee, [draft, sent], products, {
      'GET /api/quotes/quote-sent': { body: { ...sent, public_url: publicUrl } },
      'GET /api/quotes/quote-draft': { body: draft },
    });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0003/ });

    await user.click(rowOf('Q-2026-0003').getByRole('button', { name: /View/ }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByRole('textbox', { name: 'Customer link' })).toHaveValue(publicUrl);
    expect(drawer.getByRole('textbox', { name: 'Customer link' })).toHaveAttribute('readonly');
    expect(drawer.queryByRole('link', { name: publicUrl })).not.toBeInTheDocument();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(drawer.getByRole('button', { name: /Copy link/ }));
    expect(await screen.findByText('Customer link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(publicUrl);
  });

  it('shows no customer link for a draft', async () => {
    quotesBackend(employee, [draft], products, { 'GET /api/quotes/quote-draft': { body: draft } });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0007/ });

    await user.click(rowOf('Q-2026-0007').getByRole('button', { name: /View/ }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('Northwind CRM rollout')).toBeInTheDocument();
    expect(drawer.queryByText('Customer link')).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
  });

  it('shows staff the evidence of an accepted quote', async () => {
    const accepted = {
      ...sent,
      status: 'accepted' as const,
      e_signature_required: true,
      acceptance: {
        method: 'typed_name' as const,
        signer_name: 'James Chen',
        consent: true,
        consent_text: 'I agree that typing my full name is my electronic signature.',
        accepted_at: '2026-02-06T09:30:00.000Z',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
        content_format: 'sixa.quote-content.v1' as const,
        content_sha256: '0f'.repeat(32),
      },
    };
    quotesBackend(employee, [accepted], products, { 'GET /api/quotes/quote-sent': { body: accepted } });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0003/ });

    await user.click(rowOf('Q-2026-0003').getByRole('button', { name: /View/ }));
    const drawer = within(await screen.findByRole('dialog'));
    const evidence = within(await drawer.findByRole('region', { name: 'Acceptance' }));
    expect(evidence.getByText('James Chen')).toBeInTheDocument();
    expect(evidence.getByText('203.0.113.7')).toBeInTheDocument();
    expect(evidence.getByText('Mozilla/5.0 (X11; Linux x86_64)')).toBeInTheDocument();
    expect(evidence.getByText('0f'.repeat(32))).toBeInTheDocument();
    expect(drawer.queryByText('Customer link')).not.toBeInTheDocument();
  });

  it("links a quote accepted by signing its document to that document's view in the Document Center", async () => {
    const accepted = {
      ...sent,
      status: 'accepted' as const,
      e_signature_required: true,
      acceptance: {
        method: 'e_signature' as const,
        signer_name: 'James Chen',
        consent: true,
        consent_text: null,
        accepted_at: '2026-02-06T09:30:00.000Z',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
        content_format: 'sixa.quote-content.v1' as const,
        content_sha256: '0f'.repeat(32),
        document_id: 'doc-42',
      },
    };
    quotesBackend(employee, [accepted], products, { 'GET /api/quotes/quote-sent': { body: accepted } });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0003/ });

    await user.click(rowOf('Q-2026-0003').getByRole('button', { name: /View/ }));
    const drawer = within(await screen.findByRole('dialog'));
    const evidence = within(await drawer.findByRole('region', { name: 'Acceptance' }));
    expect(evidence.getByText('E-signature: signed its document on the signing page')).toBeInTheDocument();
    expect(evidence.getByRole('link', { name: /Signed PDF and audit trail/ })).toHaveAttribute(
      'href',
      '/documents?document=doc-42',
    );
  });

  it('edits a draft in the same form, filled, and saves it with PUT', async () => {
    const backend = quotesBackend(employee, [draft], products);
    const bodies: unknown[] = [];
    backend.api.use({
      'PUT /api/quotes/quote-draft': (call) => {
        bodies.push(call.body);
        const updated = { ...draft, title: 'Northwind CRM rollout, phase 2' };
        backend.set([updated]);
        return { body: updated };
      },
    });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0007/ });

    await user.click(rowOf('Q-2026-0007').getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit Quote Q-2026-0007');
    expect(dialog.getByLabelText('Title')).toHaveValue('Northwind CRM rollout');
    await waitFor(() => expect(dialog.getByLabelText('Quantity')).toHaveValue('2'));
    await user.type(dialog.getByLabelText('Title'), ', phase 2');
    await user.click(dialog.getByRole('button', { name: 'Update Quote' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      title: 'Northwind CRM rollout, phase 2',
      line_items: [
        {
          product_service_id: 'product-crm',
          quantity: 2,
          discount_percentage: 0,
          discount_amount: 0,
          pricing_tier: 'standard',
        },
      ],
      tax_settings: { tax_rate: 10, tax_name: 'Tax', is_inclusive: false },
    });
    expect(await screen.findByRole('cell', { name: /phase 2/ })).toBeInTheDocument();
  });

  it('says under Discount % that 150 is out of range as it is typed, and shows no totals until it is corrected', async () => {
    quotesBackend(employee, [], products);
    const { user } = await openQuotes();

    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    await user.type(dialog.getByLabelText('Title'), 'Discount check');
    await user.type(dialog.getByLabelText('Customer Name'), 'Maria Anders');
    await user.type(dialog.getByLabelText('Customer Email'), 'maria@northwind-traders.com');
    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    await choose(user, dialog.getByLabelText('Product'), 'CRM Platform License');
    await retype(user, dialog.getByLabelText('Discount %'), '150');

    expect(await dialog.findByText('Discount must be between 0 and 100%')).toBeInTheDocument();
    expect(dialog.getByText('The totals show once the numbers marked in red are corrected.')).toBeInTheDocument();
    expect(dialog.queryByText(/^Line total/)).not.toBeInTheDocument();
    expect(dialog.queryByText('$0.00')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create Quote' })).toBeDisabled();

    await retype(user, dialog.getByLabelText('Discount %'), '50');
    await waitFor(() => expect(dialog.queryByText('Discount must be between 0 and 100%')).not.toBeInTheDocument());
    const expected = computeQuoteTotals([{ unit_price: 480, quantity: 1, discount_percentage: 50 }], {
      tax_rate: 0,
    });
    expect(await dialog.findByText(`Line total ${formatUsd(expected.lines[0].net)}`)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create Quote' })).toBeEnabled();
  });

  it.each([
    ['Quantity', '-2', 'Quantity must be more than 0'],
    ['Discount Amount', '-5', 'Discount amount must not be negative'],
    ['Tax Rate (%)', '120', 'Tax rate must be between 0 and 100%'],
    ['Expires in (days)', '400', 'At most 365 days'],
  ])('says under %s that %s is out of range', async (label, typed, problem) => {
    quotesBackend(employee, [], products);
    const { user } = await openQuotes();

    await user.click(screen.getByRole('button', { name: /Create Quote/ }));
    const dialog = await findDialog('Create New Quote');
    await user.click(dialog.getByRole('button', { name: /Add Line Item/ }));
    await retype(user, dialog.getByLabelText(label), typed);

    expect(await dialog.findByText(problem)).toBeInTheDocument();
    expect(dialog.getByText('The totals show once the numbers marked in red are corrected.')).toBeInTheDocument();
  });

  it('edits a sent quote where it still may change: notes, terms and expiry; the rest disabled under the reason', async () => {
    const sentToday = { ...sent, sent_at: new Date().toISOString() };
    const backend = quotesBackend(employee, [sentToday], products);
    const bodies: unknown[] = [];
    const tags: (string | null)[] = [];
    backend.api.use({
      'PUT /api/quotes/quote-sent': (call) => {
        bodies.push(call.body);
        tags.push(call.headers.get('If-Match'));
        return { body: { ...sentToday, notes: 'Delivery in two phases' } };
      },
    });
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0003/ });

    await user.click(rowOf('Q-2026-0003').getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit Quote Q-2026-0003');
    expect(
      dialog.getByText(
        'This quote has been sent to the customer: its items, prices and customer can no longer change, only its notes, terms and expiry.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Title')).toBeDisabled();
    expect(dialog.getByLabelText('Customer Email')).toBeDisabled();
    expect(dialog.getByLabelText('Quantity')).toBeDisabled();
    expect(dialog.getByLabelText('Tax Rate (%)')).toBeDisabled();
    expect(dialog.queryByRole('button', { name: /Add Line Item/ })).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Notes')).toBeEnabled();
    expect(dialog.getByLabelText('Terms & Conditions')).toBeEnabled();
    expect(dialog.getByLabelText('Expires in (days)')).toBeEnabled();

    await retype(user, dialog.getByLabelText('Expires in (days)'), '0');
    expect(await dialog.findByText(/^At least 1 days?: the quote was sent on /)).toBeInTheDocument();
    await retype(user, dialog.getByLabelText('Expires in (days)'), '45');
    await user.type(dialog.getByLabelText('Notes'), 'Delivery in two phases');
    await user.click(dialog.getByRole('button', { name: 'Update Quote' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      title: sent.title,
      customer_email: sent.customer_email,
      notes: 'Delivery in two phases',
      expires_in_days: 45,
    });
    expect(tags).toEqual([sent.etag]);
  });

  it('opens the Edit of an accepted quote read-only, saying why', async () => {
    const accepted = buildQuote({
      id: 'quote-accepted',
      quote_number: 'Q-2026-0004',
      status: 'accepted',
      sent_at: '2026-02-04T10:00:00.000Z',
    });
    quotesBackend(employee, [accepted], products);
    const { user } = await openQuotes();
    await screen.findByRole('cell', { name: /Q-2026-0004/ });

    await user.click(rowOf('Q-2026-0004').getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit Quote Q-2026-0004');
    expect(
      dialog.getByText('This quote was accepted by the customer: it can no longer be changed.'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Notes')).toBeDisabled();
    expect(dialog.getByLabelText('Expires in (days)')).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Update Quote' })).toBeDisabled();
  });

  it('lists only the sent quotes from a /quotes?status=sent link, and removing the filter lists them all and clears the address', async () => {
    quotesBackend(employee, [draft, sent], products);
    const { user, location } = renderApp({ path: '/quotes?status=sent', signedInAs: employee });

    expect(await screen.findByRole('cell', { name: /Q-2026-0003/ })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /Q-2026-0007/ })).not.toBeInTheDocument();
    expect(screen.getByText('Sent Quotes')).toBeInTheDocument();
    expect(screen.getByText('Status: Sent')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove filter Status: Sent' }));
    expect(await screen.findByRole('cell', { name: /Q-2026-0007/ })).toBeInTheDocument();
    expect(screen.getByText('All Quotes')).toBeInTheDocument();
    expect(location().search).toBe('');
  });
});
