import { QUOTE_SIGNATURE_CONSENT_TEXT, formatUsd } from '@sixa/contracts/browser';
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

  const acceptance = (overrides = {}) => ({
    method: 'click',
    signer_name: null,
    consent: false,
    consent_text: null,
    accepted_at: '2026-02-05T10:00:00.000Z',
    content_format: 'sixa.quote-content.v1',
    content_sha256: 'a3f1c09e5b7d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f',
    ...overrides,
  });

  it('asks before accepting a plain quote, then shows the result and the fingerprint', async () => {
    const quote = publicQuote();
    const api = mockApi({
      [`GET ${QUOTE_URL}`]: { body: quote },
      [`POST ${QUOTE_URL}/accept`]: { body: { ...quote, status: 'accepted', acceptance: acceptance() } },
    });
    const { user } = renderApp({ path: `/quote/${TOKEN}` });

    await user.click(await screen.findByRole('button', { name: 'Accept Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Accept this quote?')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/accept`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Yes, accept' }));

    expect(await screen.findByText('You accepted this quote.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/accept`)).toHaveLength(1);
    expect(api.callsTo(`POST ${QUOTE_URL}/accept`)[0].body).toBeUndefined();
    expect(screen.getByTestId('acceptance-sha256')).toHaveTextContent(acceptance().content_sha256);
    expect(screen.queryByRole('button', { name: 'Accept Quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('signs a quote that requires an e-signature with the typed full name and the consent', async () => {
    const quote = publicQuote({ e_signature_required: true });
    const signed = acceptance({
      method: 'typed_name',
      signer_name: 'Maria Gonzalez',
      consent: true,
      consent_text: QUOTE_SIGNATURE_CONSENT_TEXT,
    });
    const api = mockApi({
      [`GET ${QUOTE_URL}`]: { body: quote },
      [`POST ${QUOTE_URL}/accept`]: { body: { ...quote, status: 'accepted', acceptance: signed } },
    });
    const { user } = renderApp({ path: `/quote/${TOKEN}` });

    await user.click(await screen.findByRole('button', { name: 'Accept Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    const sign = dialog.getByRole('button', { name: 'Sign and accept' });
    expect(sign).toBeDisabled();
    await user.type(dialog.getByLabelText('Full name'), '  Maria Gonzalez ');
    expect(sign).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: QUOTE_SIGNATURE_CONSENT_TEXT }));
    expect(sign).toBeEnabled();
    await user.click(sign);

    expect(await screen.findByText('You accepted this quote.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/accept`).map((c) => c.body)).toEqual([
      { signer_name: 'Maria Gonzalez', consent: true },
    ]);
    expect(screen.getByText(/Signed electronically by Maria Gonzalez on/)).toBeInTheDocument();
    expect(screen.getByTestId('acceptance-sha256')).toHaveTextContent(signed.content_sha256);
  });

  it('sends the customer to the signing page once the quote document is out for e-signature', async () => {
    const quote = publicQuote({ e_signature_required: true, signing_url: 'http://localhost:8080/sign/abc.def' });
    mockApi({ [`GET ${QUOTE_URL}`]: { body: quote } });
    renderApp({ path: `/quote/${TOKEN}` });

    const sign = await screen.findByRole('link', { name: 'Review and sign' });
    expect(sign).toHaveAttribute('href', 'http://localhost:8080/sign/abc.def');
    expect(screen.queryByRole('button', { name: 'Accept Quote' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it("keeps the signing dialog open with the server's detail when it refuses", async () => {
    const quote = publicQuote({ e_signature_required: true });
    mockApi({
      [`GET ${QUOTE_URL}`]: { body: quote },
      [`POST ${QUOTE_URL}/accept`]: {
        status: 400,
        body: { detail: 'This quote requires an e-signature: type your full name to sign it' },
      },
    });
    const { user } = renderApp({ path: `/quote/${TOKEN}` });

    await user.click(await screen.findByRole('button', { name: 'Accept Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Full name'), 'M');
    await user.click(dialog.getByRole('checkbox'));
    await user.click(dialog.getByRole('button', { name: 'Sign and accept' }));

    expect(
      await dialog.findByText('This quote requires an e-signature: type your full name to sign it'),
    ).toBeInTheDocument();
    expect(screen.queryByText('You accepted this quote.')).not.toBeInTheDocument();
  });

  it('asks before declining, then shows the result', async () => {
    const quote = publicQuote();
    const api = mockApi({
      [`GET ${QUOTE_URL}`]: { body: quote },
      [`POST ${QUOTE_URL}/reject`]: { body: { ...quote, status: 'rejected' } },
    });
    const { user } = renderApp({ path: `/quote/${TOKEN}` });

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Decline this quote?')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/reject`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Yes, decline' }));

    expect(await screen.findByText('You declined this quote.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${QUOTE_URL}/reject`)).toHaveLength(1);
  });

  it('makes no staff calls when the link is opened signed out: no demo seeding, no session check', async () => {
    window.history.pushState({}, '', `/quote/${TOKEN}`);
    try {
      const api = mockApi({ [`GET ${QUOTE_URL}`]: { body: publicQuote() } });
      renderApp({ path: `/quote/${TOKEN}` });
      // Shown only once the startup calls have settled (the app is ready).
      expect(await screen.findByRole('button', { name: 'Accept Quote' })).toBeInTheDocument();

      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining([`GET ${QUOTE_URL}`]));
      const staffCalls = api.calls.filter((c) => c.path !== '/api/' && !c.path.startsWith('/api/quotes/public/'));
      expect(staffCalls.map((c) => `${c.method} ${c.path}`)).toEqual([]);
    } finally {
      window.history.pushState({}, '', '/');
    }
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
