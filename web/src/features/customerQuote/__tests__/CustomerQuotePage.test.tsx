import { formatUsd } from '@sixa/contracts/src/money';
import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildQuote } from '../../quotes/__tests__/quotesBackend';

const TOKEN = 'link-token-123';
const QUOTE_URL = `/api/quotes/public/${TOKEN}`;

function publicQuote(overrides = {}) {
  const { created_by: _createdBy, ...quote } = buildQuote({
    quote_number: 'Q-2026-0042',
    title: 'Northwind CRM rollout',
    customer_name: 'Maria Gonzalez',
    status: 'viewed',
    notes: 'Thank you for your interest.',
    terms_conditions: 'Payment due in 30 days.',
    sent_at: '2026-02-04T10:00:00.000Z',
    expires_at: '2099-03-06T10:00:00.000Z',
    ...overrides,
  });
  return quote;
}

describe('CustomerQuotePage', () => {
  beforeEach(() => window.localStorage.clear());

  it('renders the quote and its totals without a signed-in user', async () => {
    const quote = publicQuote();
    const api = mockApi({ [`GET ${QUOTE_URL}`]: { body: quote } });
    renderApp({ path: `/quote/${TOKEN}` });

    expect(await screen.findByRole('heading', { name: 'Northwind CRM rollout' })).toBeInTheDocument();
    expect(screen.getByText('Quote Q-2026-0042')).toBeInTheDocument();
    expect(screen.getByText('Maria Gonzalez')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'CRM Platform License' })).toBeInTheDocument();
    const totalRow = (label: string) => within(screen.getByText(label).closest('tr') as HTMLElement);
    expect(totalRow('Subtotal').getByText(formatUsd(quote.subtotal))).toBeInTheDocument();
    expect(totalRow('Tax (10%)').getByText(formatUsd(quote.tax_amount))).toBeInTheDocument();
    expect(totalRow('Total (USD)').getByText(formatUsd(quote.total_amount))).toBeInTheDocument();
    expect(screen.getByText('Payment due in 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Quote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sign in/i })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${QUOTE_URL}`)[0].headers.get('Authorization')).toBeNull();
  });

  it('accepts the quote and shows the result', async () => {
    const quote = publicQuote();
    const api = mockApi({
      [`GET ${QUOTE_URL}`]: { body: quote },
      [`POST ${QUOTE_URL}/accept`]: { body: { ...quote, status: 'accepted' } },
    });
    const { user } = renderApp({ path: `/quote/${TOKEN}` });

    await user.click(await screen.findByRole('button', { name: 'Accept Quote' }));

    expect(await screen.findByText('You accepted this quote.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/accept`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept Quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('asks before declining, then shows the result', async () => {
    const quote = publicQuote();
    const api = mockApi({
      [`GET ${QUOTE_URL}`]: { body: quote },
      [`POST ${QUOTE_URL}/reject`]: { body: { ...quote, status: 'rejected' } },
    });
    const { user } = renderApp({ path: `/quote/${TOKEN}` });

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const confirm = within((await screen.findByText('Decline this quote?')).closest('.ant-popover') as HTMLElement);
    expect(api.callsTo(`POST ${QUOTE_URL}/reject`)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Yes, decline' }));

    expect(await screen.findByText('You declined this quote.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/reject`)).toHaveLength(1);
  });

  it('shows why an expired quote cannot be answered', async () => {
    mockApi({ [`GET ${QUOTE_URL}`]: { body: publicQuote({ status: 'expired' }) } });
    renderApp({ path: `/quote/${TOKEN}` });

    expect(await screen.findByText(/This quote expired on .* and can no longer be accepted\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Quote' })).not.toBeInTheDocument();
  });

  it("shows the server's detail for an invalid link", async () => {
    mockApi({ [`GET ${QUOTE_URL}`]: { status: 404, body: { detail: 'This quote link is not valid' } } });
    renderApp({ path: `/quote/${TOKEN}` });

    expect(await screen.findByText('This quote link is not valid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Quote' })).not.toBeInTheDocument();
  });
});
