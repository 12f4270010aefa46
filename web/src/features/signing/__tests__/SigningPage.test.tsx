import type { SigningSession } from '@sixa/contracts/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApp } from '../../../app/startup';
import { makeStore } from '../../../app/store';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { CONSENT_TEXT } from '../SignForm';

const TOKEN = 'sign-token-123';
const SESSION_URL = `/api/documents/signing/${TOKEN}`;

function session(overrides: Partial<SigningSession> = {}): SigningSession {
  return {
    document_id: 'doc-1',
    title: 'Northwind master agreement',
    email_message: 'Hi Maria, please sign the agreement we discussed.',
    signer: { name: 'Maria Gonzalez', email: 'maria@northwind.example', role: 'customer', status: 'viewed' },
    can_sign: true,
    reason: null,
    document_status: 'pending_signature',
    deadline_at: '2099-02-18T10:00:00.000Z',
    signers: [
      { name: 'Maria Gonzalez', role: 'customer', order: 1, status: 'viewed' },
      { name: 'Alex Morgan', role: 'sales director', order: 2, status: 'waiting' },
    ],
    ...overrides,
  };
}

const signedSession = (overrides: Partial<SigningSession> = {}) =>
  session({
    can_sign: false,
    reason: 'You have already signed this document.',
    signer: { name: 'Maria Gonzalez', email: 'maria@northwind.example', role: 'customer', status: 'signed' },
    signers: [
      { name: 'Maria Gonzalez', role: 'customer', order: 1, status: 'signed' },
      { name: 'Alex Morgan', role: 'sales director', order: 2, status: 'sent' },
    ],
    ...overrides,
  });

async function openSigning() {
  const view = renderApp({ path: `/sign/${TOKEN}` });
  await screen.findByRole('heading', { name: 'Northwind master agreement' });
  return view;
}

describe('Signing page', () => {
  it("shows the document, the sender's message, the signers and the PDF without a signed-in user", async () => {
    const api = mockApi({ [`GET ${SESSION_URL}`]: { body: session() } });
    await openSigning();

    expect(screen.getByText('Hi Maria, please sign the agreement we discussed.')).toBeInTheDocument();
    const signers = within(screen.getByRole('list', { name: 'Signers' }));
    expect(signers.getByText('Alex Morgan')).toBeInTheDocument();
    expect(signers.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 signed')).toBeInTheDocument();
    // The PDF's pages are drawn on the page (pdf.js); the file itself opens in a new tab.
    expect(screen.getByLabelText('Northwind master agreement (PDF)')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Open the PDF in a new tab/ })[0]).toHaveAttribute(
      'href',
      `${SESSION_URL}/pdf`,
    );
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${SESSION_URL}`)[0].headers.get('Authorization')).toBeNull();
  });

  it("makes no staff calls at start on a signing link (a signer's browser seeds no demo data)", async () => {
    const api = mockApi();
    await startApp(makeStore().dispatch, `/sign/${TOKEN}`);

    expect(api.callsTo('GET /api/')).toHaveLength(1);
    expect(api.callsTo('POST /api/initialize-mock-data')).toHaveLength(0);
  });

  it('signs with a typed signature once consent is given, then confirms', async () => {
    const api = mockApi({
      [`GET ${SESSION_URL}`]: { body: session() },
      [`POST ${SESSION_URL}/sign`]: { body: signedSession() },
    });
    const { user } = await openSigning();

    expect(screen.getByLabelText('Full name')).toHaveValue('Maria Gonzalez');
    expect(screen.getByRole('radio', { name: /Type/ })).toBeChecked();
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(sign).toBeDisabled();
    await user.clear(screen.getByLabelText('Typed signature'));
    await user.type(screen.getByLabelText('Typed signature'), 'M. Gonzalez');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_TEXT }));
    expect(sign).toBeEnabled();
    await user.click(sign);

    expect(await screen.findByText('You signed "Northwind master agreement"')).toBeInTheDocument();
    expect(screen.getByText(/The remaining signers are asked next/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${SESSION_URL}/sign`)[0].body).toEqual({
      full_name: 'Maria Gonzalez',
      signature_type: 'typed',
      signature: 'M. Gonzalez',
      consent: true,
    });
    expect(api.callsTo(`POST ${SESSION_URL}/sign`)[0].headers.get('Authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 signed')).toBeInTheDocument();
  });

  it('keeps Sign disabled without a name, a signature or consent', async () => {
    mockApi({ [`GET ${SESSION_URL}`]: { body: session() } });
    const { user } = await openSigning();
    const sign = screen.getByRole('button', { name: 'Sign' });

    await user.click(screen.getByRole('checkbox', { name: CONSENT_TEXT }));
    expect(sign).toBeEnabled();
    await user.clear(screen.getByLabelText('Full name'));
    expect(sign).toBeDisabled();
    await user.type(screen.getByLabelText('Full name'), 'Maria Gonzalez');
    await user.clear(screen.getByLabelText('Typed signature'));
    expect(sign).toBeDisabled();
  });

  it('signs with a drawn signature (pointer events on the pad), sent as a PNG data URL', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const context = {
      setTransform: jest.fn(),
      beginPath: jest.fn(),
      arc: jest.fn(),
      fill: jest.fn(),
      moveTo: jest.fn(),
      lineTo: jest.fn(),
      stroke: jest.fn(),
    };
    jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => context as unknown as CanvasRenderingContext2D);
    jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(png);
    const api = mockApi({
      [`GET ${SESSION_URL}`]: { body: session() },
      [`POST ${SESSION_URL}/sign`]: { body: signedSession() },
    });
    const { user } = await openSigning();

    await user.click(screen.getByRole('radio', { name: /Draw/ }));
    const pad = screen.getByRole('img', { name: /Signature pad/ });
    expect(screen.getByRole('button', { name: /Clear/ })).toBeDisabled();
    fireEvent.pointerDown(pad, {
      pointerId: 1,
      pointerType: 'pen',
      button: 0,
      clientX: 10,
      clientY: 20,
      pressure: 0.7,
    });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'pen', clientX: 60, clientY: 40, pressure: 0.8 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'pen', clientX: 60, clientY: 40 });
    expect(context.lineTo).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Clear/ })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: CONSENT_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findByText('You signed "Northwind master agreement"')).toBeInTheDocument();
    expect(api.callsTo(`POST ${SESSION_URL}/sign`)[0].body).toEqual({
      full_name: 'Maria Gonzalez',
      signature_type: 'drawn',
      signature: png,
      consent: true,
    });
  });

  it('clearing the pad takes the drawn signature away', async () => {
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          setTransform: jest.fn(),
          beginPath: jest.fn(),
          arc: jest.fn(),
          fill: jest.fn(),
        }) as unknown as CanvasRenderingContext2D,
    );
    jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    mockApi({ [`GET ${SESSION_URL}`]: { body: session() } });
    const { user } = await openSigning();

    await user.click(screen.getByRole('radio', { name: /Draw/ }));
    await user.click(screen.getByRole('checkbox', { name: CONSENT_TEXT }));
    const pad = screen.getByRole('img', { name: /Signature pad/ });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse' });
    expect(screen.getByRole('button', { name: 'Sign' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: /Clear/ }));
    expect(screen.getByRole('button', { name: 'Sign' })).toBeDisabled();
  });

  it('declines with a reason', async () => {
    const api = mockApi({
      [`GET ${SESSION_URL}`]: { body: session() },
      [`POST ${SESSION_URL}/decline`]: {
        body: session({
          can_sign: false,
          document_status: 'expired',
          signer: { name: 'Maria Gonzalez', email: 'maria@northwind.example', role: 'customer', status: 'declined' },
        }),
      },
    });
    const { user } = await openSigning();

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Decline' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Reason'), 'The payment terms are wrong');
    await user.click(confirm);

    expect(await screen.findByText('You declined to sign')).toBeInTheDocument();
    expect(api.callsTo(`POST ${SESSION_URL}/decline`)[0].body).toEqual({ reason: 'The payment terms are wrong' });
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('says why when this signer cannot sign (an earlier signer first), with no Sign button', async () => {
    mockApi({
      [`GET ${SESSION_URL}`]: {
        body: session({
          can_sign: false,
          reason: 'Alex Morgan signs first. You will get an email when it is your turn.',
          signer: { name: 'Maria Gonzalez', email: 'maria@northwind.example', role: 'customer', status: 'waiting' },
        }),
      },
    });
    await openSigning();

    expect(
      screen.getByText('Alex Morgan signs first. You will get an email when it is your turn.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it("says so when the signer has already signed, even without the server's reason", async () => {
    mockApi({ [`GET ${SESSION_URL}`]: { body: signedSession({ reason: null }) } });
    await openSigning();

    expect(screen.getByText('You have already signed this document.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it.each([
    [404, 'This signing link is not valid'],
    [410, 'This signature request has expired'],
    [403, 'This link was sent to someone else'],
  ])("shows the server's reason for a link that cannot be opened (%s)", async (status, detail) => {
    mockApi({ [`GET ${SESSION_URL}`]: { status, body: { detail } } });
    renderApp({ path: `/sign/${TOKEN}` });

    expect(await screen.findByText('Signing link unavailable')).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
  });

  it("shows the server's reason when signing is refused, and reads the request again", async () => {
    const api = mockApi({
      [`GET ${SESSION_URL}`]: { body: session() },
      [`POST ${SESSION_URL}/sign`]: { status: 409, body: { detail: 'This document was already signed' } },
    });
    const { user } = await openSigning();

    await user.click(screen.getByRole('checkbox', { name: CONSENT_TEXT }));
    api.use({ [`GET ${SESSION_URL}`]: { body: signedSession({ reason: 'This document was already signed' }) } });
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findAllByText('This document was already signed')).not.toHaveLength(0);
    await waitFor(() => expect(api.callsTo(`GET ${SESSION_URL}`).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument());
  });
});
