import type { DocumentAuditTrail, DocumentVersion } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildDocument, buildEnvelope, documentsBackend } from './documentsBackend';

const employee = employeeUser();
const SENT_SHA = 'b'.repeat(64);
const SIGNED_SHA = 'c'.repeat(64);
/** A user id as the server stores it: the screens name the person, never show this. */
const ADMIN_ID = '6b0ab56f0c1d2e3f4a5b6c7d';

const envelope = buildEnvelope({
  sent_sha256: SENT_SHA,
  signers: [
    {
      name: 'Maria Gonzalez',
      email: 'maria@northwind.example',
      role: 'customer',
      order: 1,
      status: 'signed',
      viewed_at: '2026-02-04T11:00:00.000Z',
      signed_at: '2026-02-04T11:05:00.000Z',
      declined_at: null,
      decline_reason: null,
    },
    {
      name: 'Alex Morgan',
      email: 'alex@sixa.example',
      role: 'sales director',
      order: 2,
      status: 'sent',
      viewed_at: null,
      signed_at: null,
      declined_at: null,
      decline_reason: null,
    },
  ],
});
const pending = buildDocument({
  id: 'doc-pending',
  title: 'Contoso agreement',
  content: '<h1>Agreement</h1><p>Between SIXA and Contoso.</p>',
  signature_required: true,
  status: 'pending_signature',
  docusign_status: 'sent',
  version: 2,
  signature: envelope,
});
const signed = buildDocument({
  id: 'doc-signed',
  title: 'Fabrikam NDA',
  signature_required: true,
  status: 'signed',
  docusign_status: 'completed',
  signature: buildEnvelope({ signed_sha256: SIGNED_SHA, completed_at: '2026-02-05T09:00:00.000Z' }),
});

const trail: DocumentAuditTrail = {
  document_id: 'doc-pending',
  title: 'Contoso agreement',
  status: 'pending_signature',
  docusign_status: 'sent',
  envelope: { ...envelope, sent_by: ADMIN_ID, sent_by_name: 'Alice Admin' },
  events: [
    {
      at: '2026-02-04T10:00:00.000Z',
      event: 'sent',
      signer_name: null,
      signer_email: null,
      ip: '198.51.100.4',
      user_agent: 'Mozilla/5.0 (Staff browser)',
      detail: 'Sent to 2 signers, one after another',
    },
    {
      at: '2026-02-04T11:05:00.000Z',
      event: 'signed',
      signer_name: 'Maria Gonzalez',
      signer_email: 'maria@northwind.example',
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      detail: 'Typed signature',
    },
  ],
};

const versions: DocumentVersion[] = [
  {
    document_id: 'doc-pending',
    version: 1,
    title: 'Contoso agreement',
    content: '<p>First draft</p>',
    created_by: ADMIN_ID,
    created_by_name: 'Alice Admin',
    created_at: '2026-02-03T10:00:00.000Z',
    current: false,
  },
  {
    document_id: 'doc-pending',
    version: 2,
    title: 'Contoso agreement',
    content: pending.content,
    created_by: 'employee-1',
    created_by_name: 'Eve Employee',
    created_at: '2026-02-03T12:00:00.000Z',
    current: true,
  },
];

async function viewDocument(title: string) {
  const view = renderApp({ path: '/documents?tab=documents', signedInAs: employee });
  await screen.findByRole('heading', { name: 'Document Center' });
  const cell = await screen.findByText(title, { selector: 'strong, span' });
  await view.user.click(within(cell.closest('tr')!).getByRole('button', { name: /View/ }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText(title, { selector: '.ant-drawer-title' });
  return { ...view, drawer: within(drawer) };
}

describe('Document view', () => {
  it("shows the signers' progress and the audit trail with times, signers, IPs, user agents and hashes", async () => {
    documentsBackend(
      employee,
      { documents: [pending] },
      {
        'GET /api/documents/doc-pending': { body: pending },
        'GET /api/documents/doc-pending/audit-trail': { body: trail },
        'GET /api/documents/doc-pending/versions': { body: versions },
        'GET /api/documents/doc-pending/signing-links': {
          body: [
            {
              name: 'Alex Morgan',
              email: 'alex@sixa.example',
              status: 'sent',
              url: 'http://localhost:8080/sign/abc.def',
            },
          ],
        },
      },
    );
    const { drawer, user } = await viewDocument('Contoso agreement');

    expect(drawer.getByText('1 of 2 signed')).toBeInTheDocument();
    const signers = within(drawer.getByRole('list', { name: 'Signers' }));
    expect(signers.getByText('Maria Gonzalez')).toBeInTheDocument();
    expect(signers.getByText('Signed')).toBeInTheDocument();
    expect(signers.getByText('Alex Morgan')).toBeInTheDocument();
    expect(signers.getByText('Sent')).toBeInTheDocument();

    // Its creator sees the link of the signer whose turn it is, to pass on if the mail did not arrive.
    expect(await drawer.findByLabelText('Signing link for Alex Morgan')).toHaveValue(
      'http://localhost:8080/sign/abc.def',
    );

    expect(await drawer.findByText('203.0.113.7')).toBeInTheDocument();
    expect(drawer.getByText('198.51.100.4')).toBeInTheDocument();
    expect(drawer.getByText('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBeInTheDocument();
    expect(drawer.getByText('Sent for signature')).toBeInTheDocument();
    expect(drawer.getByText('Typed signature')).toBeInTheDocument();
    expect(drawer.getByText('maria@northwind.example', { selector: '.ant-table-cell *' })).toBeInTheDocument();
    expect(drawer.getByTestId('sent-sha256')).toHaveTextContent(SENT_SHA);
    expect(drawer.getByText('SHA-256 of the signed PDF').closest('tr')).toHaveTextContent('Not yet');
    // Not signed by everyone yet: no signed PDF.
    expect(drawer.getByRole('button', { name: /Download signed PDF/ })).toBeDisabled();

    await user.click(drawer.getByRole('tab', { name: 'Content' }));
    const content = await drawer.findByTitle('Content of Contoso agreement');
    expect(content).toHaveAttribute('sandbox', '');
    expect(content.getAttribute('srcdoc')).toContain('Between SIXA and Contoso.');

    await user.click(drawer.getByRole('tab', { name: 'Versions' }));
    expect(await drawer.findByText('v1')).toBeInTheDocument();
    expect(drawer.getByText('Current').closest('.ant-collapse-header')).toHaveTextContent('v2');
  });

  it('names who sent it and who made each version, and never shows their ids', async () => {
    documentsBackend(
      employee,
      { documents: [pending] },
      {
        'GET /api/documents/doc-pending': { body: pending },
        'GET /api/documents/doc-pending/audit-trail': { body: trail },
        'GET /api/documents/doc-pending/versions': {
          body: [...versions, { ...versions[1], version: 3, created_by: 'gone-user', created_by_name: null }],
        },
        'GET /api/documents/doc-pending/signing-links': { body: [] },
      },
    );
    const { drawer, user } = await viewDocument('Contoso agreement');

    const sent = (await drawer.findByText('Sent', { selector: 'th, th *' })).closest('tr')!;
    expect(sent).toHaveTextContent(/by Alice Admin$/);

    await user.click(drawer.getByRole('tab', { name: 'Versions' }));
    const header = async (v: string) =>
      (await drawer.findByText(v, { selector: 'strong' })).closest('.ant-collapse-header')!;
    expect(await header('v1')).toHaveTextContent('Alice Admin');
    expect(await header('v2')).toHaveTextContent('Eve Employee (you)');
    expect(await header('v3')).toHaveTextContent('Unknown user');
    const panel = drawer.getByRole('tabpanel');
    expect(panel).not.toHaveTextContent(ADMIN_ID.slice(0, 8));
    expect(panel).not.toHaveTextContent('employee-1');
    expect(panel).not.toHaveTextContent('gone-user');
  });

  it('downloads the signed PDF once signed', async () => {
    const backend = documentsBackend(
      employee,
      { documents: [signed] },
      {
        'GET /api/documents/doc-signed': { body: signed },
        'GET /api/documents/doc-signed/audit-trail': { body: { ...trail, document_id: 'doc-signed', events: [] } },
      },
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    backend.api.use({ 'GET /api/documents/doc-signed/signed-pdf': { body: '%PDF-1.7' } });
    const { drawer, user } = await viewDocument('Fabrikam NDA');

    await user.click(await drawer.findByRole('button', { name: /Download signed PDF/ }));

    await waitFor(() => expect(saved).toEqual(['Fabrikam NDA (signed).pdf']));
  });

  it('verifies a PDF against the signed documents', async () => {
    const backend = documentsBackend(
      employee,
      { documents: [signed] },
      {
        'GET /api/documents/doc-signed': { body: signed },
        'GET /api/documents/doc-signed/audit-trail': { body: { ...trail, document_id: 'doc-signed', events: [] } },
      },
    );
    backend.api.use({
      'POST /api/documents/verify': {
        body: {
          verified: true,
          document_id: 'doc-signed',
          title: 'Fabrikam NDA',
          signed_at: '2026-02-05T09:00:00.000Z',
          sha256: SIGNED_SHA,
          detail: 'This PDF is the signed document, unchanged.',
        },
      },
    });
    const { drawer, user } = await viewDocument('Fabrikam NDA');

    await user.upload(await drawer.findByLabelText('PDF to verify'), new File(['%PDF-1.7'], 'nda.pdf'));

    expect(await drawer.findByText(/nda.pdf is the signed "Fabrikam NDA"/)).toBeInTheDocument();
    expect(drawer.getByText('This PDF is the signed document, unchanged.')).toBeInTheDocument();
    expect(backend.api.callsTo('POST /api/documents/verify')[0].body).toEqual({ file_content: btoa('%PDF-1.7') });
  });

  it("opens a linked document's view (?document=<id>), and closing it takes the link out of the address", async () => {
    documentsBackend(
      employee,
      { documents: [signed] },
      {
        'GET /api/documents/doc-signed': { body: signed },
        'GET /api/documents/doc-signed/audit-trail': {
          body: { ...trail, document_id: 'doc-signed', envelope: signed.signature, events: [] },
        },
      },
    );
    const { user, location } = renderApp({ path: '/documents?document=doc-signed', signedInAs: employee });

    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('Fabrikam NDA', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /^Documents/, selected: true })).toBeInTheDocument();
    expect(await drawer.findByTestId('signed-sha256')).toHaveTextContent(SIGNED_SHA);

    await user.click(drawer.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location().search).toBe(''));
  });
});
