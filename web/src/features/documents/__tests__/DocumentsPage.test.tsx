import { screen, waitFor, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildCategory, buildDocument, buildEnvelope, buildTemplate, documentsBackend } from './documentsBackend';

const employee = employeeUser();

const sales = buildCategory({ id: 'cat-sales', name: 'Sales', template_count: 1, document_count: 2 });
const legal = buildCategory({ id: 'cat-legal', name: 'Legal', color: '#722ed1', template_count: 1, document_count: 1 });

const quoteTemplate = buildTemplate({
  id: 'tpl-quote',
  title: 'Sales Quote',
  description: 'A priced quote for a customer',
  type: 'proposal',
  file_format: 'html',
  category_id: 'cat-sales',
  tags: ['sales', 'quote', 'customer', 'pricing', 'q3'],
  usage_count: 7,
  content: '<h1>Quote for {{customer_name}}</h1><p>Total {{total_amount}}</p>',
  variables: ['customer_name', 'total_amount'],
});
const ndaTemplate = buildTemplate({
  id: 'tpl-nda',
  title: 'Mutual NDA',
  category_id: 'cat-legal',
  tags: ['legal'],
  usage_count: 1,
});

const draftNeedsSignature = buildDocument({
  id: 'doc-draft',
  title: 'Draft contract',
  description: 'Still being written',
  category_id: 'cat-legal',
  signature_required: true,
  status: 'draft',
});
const activeNeedsSignature = buildDocument({
  id: 'doc-active',
  title: 'Northwind quote',
  type: 'proposal',
  category_id: 'cat-sales',
  signature_required: true,
  status: 'active',
  version: 3,
  signers: [{ name: 'Maria Gonzalez', email: 'maria@northwind.example', role: 'customer' }],
});
const activePlain = buildDocument({
  id: 'doc-plain',
  title: 'Remote work policy',
  category_id: 'cat-sales',
  signature_required: false,
  status: 'active',
});
const pending = buildDocument({
  id: 'doc-pending',
  title: 'Contoso agreement',
  signature_required: true,
  status: 'pending_signature',
  docusign_status: 'sent',
  signature: buildEnvelope(),
});

async function openDocuments() {
  const view = renderApp({ path: '/documents', signedInAs: employee });
  await screen.findByRole('heading', { name: 'Document Center' });
  return view;
}

const tab = (name: RegExp) => screen.findByRole('tab', { name });

function rowOf(title: string) {
  const row = screen.getByText(title, { selector: 'strong, span' }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
}

/** The open dialog with this title. */
async function findDialog(title: string) {
  const dialogs = await screen.findAllByRole('dialog');
  const dialog = dialogs.find((d) => within(d).queryAllByText(title).length > 0);
  if (!dialog) throw new Error(`no dialog "${title}"`);
  return within(dialog);
}

describe('Document Center', () => {
  it('shows the three tabs with their counts, and template cards with 3 tags then +N', async () => {
    documentsBackend(employee, {
      templates: [quoteTemplate, ndaTemplate],
      documents: [draftNeedsSignature, activeNeedsSignature, activePlain],
      categories: [sales, legal],
    });
    await openDocuments();

    expect(await tab(/^Templates \(2\)$/)).toBeInTheDocument();
    expect(await tab(/^Documents \(3\)$/)).toBeInTheDocument();
    expect(await tab(/^Categories \(2\)$/)).toBeInTheDocument();
    for (const label of ['Initialize Sample Data', 'Convert Files', 'Create Template', 'Create Document']) {
      expect(screen.getByRole('button', { name: new RegExp(label) })).toBeInTheDocument();
    }

    const card = within(screen.getByRole('article', { name: 'Sales Quote' }));
    expect(card.getByText('A priced quote for a customer')).toBeInTheDocument();
    expect(card.getByText('Sales')).toBeInTheDocument();
    expect(card.getByText(/Proposal · HTML/)).toBeInTheDocument();
    expect(card.getByText('7')).toBeInTheDocument();
    for (const shown of ['sales', 'quote', 'customer']) expect(card.getByText(shown)).toBeInTheDocument();
    expect(card.queryByText('pricing')).not.toBeInTheDocument();
    expect(card.getByText(/^\+2/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: /Use Template/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /Preview/ })).toBeInTheDocument();
  });

  it('filters templates and documents by the category chips', async () => {
    const backend = documentsBackend(employee, {
      templates: [quoteTemplate, ndaTemplate],
      documents: [draftNeedsSignature, activeNeedsSignature, activePlain],
      categories: [sales, legal],
    });
    const { user } = await openDocuments();
    await screen.findByRole('article', { name: 'Mutual NDA' });

    const chips = within(screen.getByRole('group', { name: 'Filter by category' }));
    expect(chips.getByRole('button', { name: 'All Categories' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(chips.getByRole('button', { name: 'Legal' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sales Quote' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Mutual NDA' })).toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'Legal' })).toHaveAttribute('aria-pressed', 'true');
    expect(backend.lastQuery('/api/document-templates')?.get('category_id')).toBe('cat-legal');
    // The counts follow the filter.
    expect(await tab(/^Templates \(1\)$/)).toBeInTheDocument();
    expect(await tab(/^Documents \(1\)$/)).toBeInTheDocument();

    await user.click(await tab(/^Documents/));
    expect(await screen.findByText('Draft contract')).toBeInTheDocument();
    expect(screen.queryByText('Northwind quote')).not.toBeInTheDocument();

    const documentChips = within(screen.getAllByRole('group', { name: 'Filter by category' }).at(-1)!);
    await user.click(documentChips.getByRole('button', { name: 'All Categories' }));
    expect(await screen.findByText('Northwind quote')).toBeInTheDocument();
    expect(screen.getByText('Draft contract')).toBeInTheDocument();
  });

  it("says 'No {tab} found' on each empty tab", async () => {
    documentsBackend(employee);
    const { user } = await openDocuments();

    expect(await screen.findByText('No templates found')).toBeInTheDocument();
    await user.click(await tab(/^Documents/));
    expect(await screen.findByText('No documents found')).toBeInTheDocument();
    await user.click(await tab(/^Categories/));
    expect(await screen.findByText('No categories found')).toBeInTheDocument();
  });

  it("shows the server's detail when a list cannot be loaded, with Retry", async () => {
    const backend = documentsBackend(employee);
    backend.api.use({ 'GET /api/document-categories': { status: 500, body: { detail: 'Database unavailable' } } });
    const { user } = await openDocuments();

    await user.click(await tab(/^Categories/));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Categories could not be loaded')).toBeInTheDocument();
    backend.api.use({ 'GET /api/document-categories': { body: [sales] } });
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: 'Sales' })).toBeInTheDocument();
  });

  it("category cards count templates and documents, and View All shows that category's documents", async () => {
    const backend = documentsBackend(employee, {
      templates: [quoteTemplate, ndaTemplate],
      documents: [draftNeedsSignature, activeNeedsSignature, activePlain],
      categories: [sales, legal],
    });
    const { user } = await openDocuments();

    await user.click(await tab(/^Categories/));
    const card = within(await screen.findByRole('article', { name: 'Sales' }));
    expect(card.getByText('Templates').closest('.ant-statistic')).toHaveTextContent('1');
    expect(card.getByText('Documents').closest('.ant-statistic')).toHaveTextContent('2');
    await user.click(card.getByRole('button', { name: /View All/ }));

    expect(await screen.findByRole('tab', { name: /^Documents \(2\)$/, selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Northwind quote')).toBeInTheDocument();
    expect(screen.getByText('Remote work policy')).toBeInTheDocument();
    expect(screen.queryByText('Draft contract')).not.toBeInTheDocument();
    expect(backend.lastQuery('/api/documents')?.get('category_id')).toBe('cat-sales');
    const chips = within(screen.getAllByRole('group', { name: 'Filter by category' }).at(-1)!);
    expect(chips.getByRole('button', { name: 'Sales' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows each document with its type, status, provider status and version; Edit for draft or active only', async () => {
    documentsBackend(employee, { documents: [activeNeedsSignature, pending], categories: [sales] });
    const { user } = await openDocuments();
    await user.click(await tab(/^Documents/));

    await screen.findByText('Northwind quote');
    expect(rowOf('Northwind quote').getByText('Proposal')).toBeInTheDocument();
    expect(rowOf('Northwind quote').getByText('Active')).toBeInTheDocument();
    expect(rowOf('Northwind quote').getByText('v3')).toBeInTheDocument();
    expect(rowOf('Contoso agreement').getByText('Pending signature')).toBeInTheDocument();
    expect(rowOf('Contoso agreement').getByText('sent')).toBeInTheDocument();
    expect(rowOf('Northwind quote').getByRole('button', { name: /Edit/ })).toBeInTheDocument();
    expect(rowOf('Contoso agreement').queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(rowOf('Contoso agreement').getByRole('button', { name: /View/ })).toBeInTheDocument();
  });

  it('offers Send for Signature only for active documents that require a signature, and sends one', async () => {
    const backend = documentsBackend(employee, {
      documents: [draftNeedsSignature, activeNeedsSignature, activePlain],
      categories: [sales, legal],
    });
    backend.api.use({
      'POST /api/documents/doc-active/send-for-signature': (call) => {
        const body = call.body as { signers: Array<{ name: string; email: string; role: string }> };
        const sent = {
          ...activeNeedsSignature,
          status: 'pending_signature' as const,
          docusign_status: 'sent' as const,
          signature: buildEnvelope({
            signers: body.signers.map((s, i) => ({
              ...s,
              order: i + 1,
              status: i === 0 ? ('sent' as const) : ('waiting' as const),
              viewed_at: null,
              signed_at: null,
              declined_at: null,
              decline_reason: null,
            })),
          }),
        };
        backend.setDocuments([draftNeedsSignature, sent, activePlain]);
        return { body: sent };
      },
    });
    const { user } = await openDocuments();
    await user.click(await tab(/^Documents/));
    await screen.findByText('Northwind quote');

    expect(rowOf('Draft contract').queryByRole('button', { name: /Send for Signature/ })).not.toBeInTheDocument();
    expect(rowOf('Remote work policy').queryByRole('button', { name: /Send for Signature/ })).not.toBeInTheDocument();
    await user.click(rowOf('Northwind quote').getByRole('button', { name: /Send for Signature/ }));

    const dialog = await findDialog('Send for Signature');
    // Prefilled from the document's signers; reminders on by default; sequential by default.
    expect(dialog.getByLabelText('Signer 1 name')).toHaveValue('Maria Gonzalez');
    expect(dialog.getByLabelText('Signer 1 email')).toHaveValue('maria@northwind.example');
    expect(dialog.getByRole('checkbox', { name: 'Send reminders' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: /Sequential/ })).toBeChecked();

    await user.click(dialog.getByRole('button', { name: /Add signer/ }));
    const ok = () => dialog.getAllByRole('button', { name: /Send for Signature/ }).at(-1)!;
    await waitFor(() => expect(ok()).toBeDisabled());
    await user.type(dialog.getByLabelText('Signer 2 name'), 'Alex Morgan');
    await user.type(dialog.getByLabelText('Signer 2 email'), 'alex@sixa.example');
    await user.clear(dialog.getByLabelText('Signer 2 role'));
    await user.type(dialog.getByLabelText('Signer 2 role'), 'sales director');
    await user.click(dialog.getByRole('radio', { name: /Parallel/ }));
    await waitFor(() => expect(ok()).toBeEnabled());
    await user.click(ok());

    await waitFor(() =>
      expect(backend.api.callsTo('POST /api/documents/doc-active/send-for-signature')).toHaveLength(1),
    );
    expect(backend.api.callsTo('POST /api/documents/doc-active/send-for-signature')[0].body).toEqual({
      document_id: 'doc-active',
      signers: [
        { name: 'Maria Gonzalez', email: 'maria@northwind.example', role: 'customer' },
        { name: 'Alex Morgan', email: 'alex@sixa.example', role: 'sales director' },
      ],
      email_subject: 'Please sign: Northwind quote',
      email_message: 'Please review and sign "Northwind quote".',
      send_reminders: true,
      signing_order: 'parallel',
      expires_in_days: 14,
    });
    expect(await rowOf('Northwind quote').findByText('Pending signature')).toBeInTheDocument();
    expect(rowOf('Northwind quote').getByText('sent')).toBeInTheDocument();
    expect(rowOf('Northwind quote').queryByRole('button', { name: /Send for Signature/ })).not.toBeInTheDocument();
  });

  it("keeps the Send for Signature form open with the server's reason when refused", async () => {
    const backend = documentsBackend(employee, { documents: [activeNeedsSignature] });
    backend.api.use({
      'POST /api/documents/doc-active/send-for-signature': {
        status: 409,
        body: { detail: 'Only an active document that requires a signature can be sent' },
      },
    });
    const { user } = await openDocuments();
    await user.click(await tab(/^Documents/));
    await user.click(await screen.findByRole('button', { name: /Send for Signature/ }));
    const dialog = await findDialog('Send for Signature');
    await user.click(dialog.getAllByRole('button', { name: /Send for Signature/ }).at(-1)!);

    expect(
      await dialog.findByText('Only an active document that requires a signature can be sent'),
    ).toBeInTheDocument();
  });

  it('creates a document from content: Create is disabled until title and content are filled', async () => {
    const backend = documentsBackend(employee, { categories: [sales] });
    backend.api.use({
      'POST /api/documents': (call) => ({ body: buildDocument({ ...(call.body as object), id: 'doc-new' }) }),
    });
    const { user } = await openDocuments();

    await user.click(screen.getByRole('button', { name: /Create Document/ }));
    const dialog = await findDialog('Create New Document');
    const create = () => dialog.getByRole('button', { name: /Create Document/ });
    expect(create()).toBeDisabled();
    await user.type(dialog.getByLabelText('Title'), 'Welcome letter');
    expect(create()).toBeDisabled();
    await user.type(dialog.getByLabelText('Content'), 'Welcome aboard!');
    await waitFor(() => expect(create()).toBeEnabled());
    await user.click(dialog.getByRole('checkbox', { name: 'Signature required' }));
    await user.click(create());

    await waitFor(() => expect(backend.api.callsTo('POST /api/documents')).toHaveLength(1));
    expect(backend.api.callsTo('POST /api/documents')[0].body).toMatchObject({
      title: 'Welcome letter',
      content: 'Welcome aboard!',
      signature_required: true,
      status: 'draft',
      access_level: 'private',
      type: 'custom',
    });
    expect(await screen.findByText('Document "Welcome letter" was created')).toBeInTheDocument();
  });

  it('Use Template opens Create Document with the template chosen and a field per variable', async () => {
    const backend = documentsBackend(employee, { templates: [quoteTemplate], categories: [sales] });
    backend.api.use({
      'POST /api/documents': (call) => ({ body: buildDocument({ ...(call.body as object), id: 'doc-new' }) }),
    });
    const { user } = await openDocuments();

    await user.click(await screen.findByRole('button', { name: /Use Template Sales Quote/ }));
    const dialog = await findDialog('Create New Document');
    expect(dialog.getByLabelText('Title')).toHaveValue('Sales Quote');
    expect(dialog.queryByLabelText('Content')).not.toBeInTheDocument();
    const create = () => dialog.getByRole('button', { name: /Create Document/ });
    expect(create()).toBeDisabled();
    await user.type(dialog.getByLabelText('Customer name'), 'Northwind Traders');
    expect(create()).toBeDisabled();
    await user.type(dialog.getByLabelText('Total amount'), '12,870.00');
    await waitFor(() => expect(create()).toBeEnabled());
    await user.click(create());

    await waitFor(() => expect(backend.api.callsTo('POST /api/documents')).toHaveLength(1));
    expect(backend.api.callsTo('POST /api/documents')[0].body).toMatchObject({
      title: 'Sales Quote',
      template_id: 'tpl-quote',
      variables: { customer_name: 'Northwind Traders', total_amount: '12,870.00' },
      category_id: 'cat-sales',
      type: 'proposal',
      tags: ['sales', 'quote', 'customer', 'pricing', 'q3'],
    });
  });

  it('previews a template with sample values in a sandboxed frame', async () => {
    const backend = documentsBackend(employee, { templates: [quoteTemplate], categories: [sales] });
    backend.api.use({
      'POST /api/document-templates/tpl-quote/preview': {
        body: { content: '<h1>Quote for Jane Doe</h1><script>alert(1)</script>', missing_variables: [] },
      },
    });
    const { user } = await openDocuments();

    await user.click(await screen.findByRole('button', { name: /Preview Sales Quote/ }));
    const frame = await screen.findByTitle('Preview of Sales Quote');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Quote for Jane Doe');
    expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'");
    const call = backend.api.callsTo('POST /api/document-templates/tpl-quote/preview').at(-1)!;
    expect(call.body).toEqual({ variables: { customer_name: 'Jane Doe', total_amount: '1,250.00' } });
  });

  it('creates a template: Create is disabled until title and content; variables and tags are split on commas', async () => {
    const backend = documentsBackend(employee, { categories: [sales] });
    backend.api.use({
      'POST /api/document-templates': (call) => ({ body: buildTemplate({ ...(call.body as object), id: 'tpl-new' }) }),
    });
    const { user } = await openDocuments();

    // The header's button (the empty tab offers one too).
    await user.click(screen.getAllByRole('button', { name: /Create Template/ })[0]);
    const dialog = await findDialog('Create New Template');
    const create = () => dialog.getByRole('button', { name: /Create Template/ });
    expect(create()).toBeDisabled();
    await user.type(dialog.getByLabelText('Title'), 'Offer letter');
    await user.click(dialog.getByLabelText('Content'));
    await user.paste('Dear {{candidate_name}}, welcome.');
    expect(await dialog.findByText(/Placeholders in the content \(added anyway\): candidate_name/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Variables'), ' start_date, , salary ');
    await user.type(dialog.getByLabelText('Tags'), 'hr, hiring,');
    await waitFor(() => expect(create()).toBeEnabled());
    await user.click(create());

    await waitFor(() => expect(backend.api.callsTo('POST /api/document-templates')).toHaveLength(1));
    expect(backend.api.callsTo('POST /api/document-templates')[0].body).toMatchObject({
      title: 'Offer letter',
      content: 'Dear {{candidate_name}}, welcome.',
      variables: ['start_date', 'salary'],
      tags: ['hr', 'hiring'],
    });
  });

  it('initializes sample data and says so; a failure shows the server detail', async () => {
    const backend = documentsBackend(
      employee,
      {},
      {
        'POST /api/documents/initialize-sample-data': {
          body: { created: { categories: 4, templates: 4, documents: 3 } },
        },
      },
    );
    const { user } = await openDocuments();

    await user.click(screen.getByRole('button', { name: /Initialize Sample Data/ }));
    expect(await screen.findByText('Sample data initialized successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(backend.listQueries.filter((q) => q.path === '/api/documents').length).toBeGreaterThan(1),
    );

    backend.api.use({
      'POST /api/documents/initialize-sample-data': {
        status: 404,
        body: { detail: 'Sample data is for demo mode only' },
      },
    });
    await user.click(screen.getByRole('button', { name: /Initialize Sample Data/ }));
    expect(await screen.findByText('Sample data is for demo mode only')).toBeInTheDocument();
  });
});
