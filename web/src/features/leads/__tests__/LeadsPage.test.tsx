import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { adminUser, employeeUser } from '../../../test/factories';
import { renderApp, TEST_TOKEN } from '../../../test/renderApp';
import { buildLead, leadsBackend } from './leadsBackend';

const admin = adminUser();
const employee = employeeUser();

const grace = buildLead({
  name: 'Grace Hopper',
  email: 'grace@navy-labs.com',
  company: 'Navy Labs',
  source: 'Referral',
  status: 'qualified',
  score: 85,
  score_factors: [
    { factor: 'Base score', points: 20 },
    { factor: 'Source: Referral', points: 20 },
    { factor: 'Company e-mail domain', points: 15 },
  ],
});
const alan = buildLead({ name: 'Alan Turing', company: 'Bletchley', score: 80, status: 'converted' });
const linus = buildLead({ name: 'Linus Torvalds', company: 'Kernel Org', score: 79, source: 'LinkedIn' });
const ada = buildLead({ name: 'Ada Lovelace', company: 'Analytical Engines', score: 59, score_override: 59 });

async function openLeads(signedInAs = admin, firstListed = 'Grace Hopper') {
  const view = renderApp({ path: '/leads', signedInAs });
  await screen.findByRole('cell', { name: new RegExp(firstListed) });
  return view;
}

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name: new RegExp(name) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

/** The data rows, in the order shown. */
function dataRows() {
  return screen.getAllByRole('row').filter((row) => row.closest('tbody'));
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

const stat = (title: string) => screen.getByText(title).closest('.ant-statistic');

describe('Leads screen', () => {
  it('lists the leads of the first page with company, source, score bar, label and status, and the stat cards', async () => {
    const backend = leadsBackend([grace, alan, linus, ada], admin);
    await openLeads();

    const query = backend.listQueries[0];
    expect(Object.fromEntries(query)).toEqual({ limit: '20', offset: '0', sort: '-created_at' });

    const graceRow = rowOf('Grace Hopper');
    expect(graceRow.getByText('grace@navy-labs.com')).toBeInTheDocument();
    expect(graceRow.getByText('Navy Labs')).toBeInTheDocument();
    expect(graceRow.getByText('Referral')).toBeInTheDocument();
    expect(graceRow.getByText('85')).toBeInTheDocument();
    expect(graceRow.getByText('qualified')).toBeInTheDocument();
    expect(graceRow.getByRole('link', { name: /Contact/ })).toHaveAttribute('href', 'mailto:grace@navy-labs.com');
    expect(graceRow.getByRole('button', { name: /Edit/ })).toBeEnabled();

    expect(await screen.findByText('Total Leads')).toBeInTheDocument();
    await waitFor(() => expect(stat('Total Leads')).toHaveTextContent('4'));
    expect(stat('Hot Leads')).toHaveTextContent('2');
    expect(stat('Conversion Rate')).toHaveTextContent('25.0%');
    expect(stat('Avg. Score')).toHaveTextContent('75.8');
  });

  it('labels each lead by its score: 80 and above Hot, 60 to 79 Warm, below 60 Cold', async () => {
    leadsBackend([grace, alan, linus, ada], admin);
    await openLeads();

    expect(rowOf('Grace Hopper').getByText('Hot')).toBeInTheDocument();
    expect(rowOf('Alan Turing').getByText('Hot')).toBeInTheDocument();
    expect(rowOf('Linus Torvalds').getByText('Warm')).toBeInTheDocument();
    expect(rowOf('Ada Lovelace').getByText('Cold')).toBeInTheDocument();
    // A score pinned by an admin says so.
    expect(rowOf('Ada Lovelace').getByText('(set by admin)')).toBeInTheDocument();
    expect(rowOf('Grace Hopper').queryByText('(set by admin)')).not.toBeInTheDocument();
  });

  it('asks the server for the next page, for a label filter and for a search', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      buildLead({ name: `Prospect ${String(i + 1).padStart(2, '0')}`, score: 40 }),
    );
    const backend = leadsBackend([grace, ...many], admin);
    const { user } = await openLeads(admin, 'Prospect 25');

    expect(dataRows()).toHaveLength(20);
    expect(screen.getByText('26 leads')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(backend.listQueries.at(-1)?.get('offset')).toBe('20'));
    expect(await screen.findByRole('cell', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(dataRows()).toHaveLength(6);

    await choose(user, screen.getByRole('combobox', { name: 'Filter by label' }), 'Hot');
    await waitFor(() => expect(backend.listQueries.at(-1)?.get('label')).toBe('Hot'));
    expect(backend.listQueries.at(-1)?.get('offset')).toBe('0');
    await waitFor(() => expect(dataRows()).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'nobody');
    await waitFor(() => expect(backend.listQueries.at(-1)?.get('q')).toBe('nobody'));
    expect(await screen.findByText('No leads match your filters')).toBeInTheDocument();
  });

  it('keeps Create Lead disabled until name, email and company are filled, then shows the new lead first', async () => {
    const backend = leadsBackend([grace, alan], admin);
    const created = buildLead({
      id: 'lead-new',
      name: 'Margaret Hamilton',
      email: 'margaret@apollo-guidance.com',
      company: 'Apollo Guidance',
      score: 45,
      created_at: '2026-03-01T10:00:00.000Z',
    });
    backend.api.use({
      'POST /api/leads': () => {
        backend.set([...backend.leads, created]);
        return { status: 201, body: created };
      },
    });
    const { user } = await openLeads();

    await user.click(screen.getByRole('button', { name: /Add Lead/ }));
    const dialog = await findDialog('Add New Lead');
    const create = dialog.getByRole('button', { name: 'Create Lead' });
    expect(create).toBeDisabled();

    await user.type(dialog.getByLabelText('Name'), 'Margaret Hamilton');
    await user.type(dialog.getByLabelText('Email'), 'margaret@apollo-guidance.com');
    await waitFor(() => expect(create).toBeDisabled());
    await user.type(dialog.getByLabelText('Phone'), '+1 617 555 0100');
    expect(create).toBeDisabled();
    await user.type(dialog.getByLabelText('Company'), 'Apollo Guidance');
    await waitFor(() => expect(create).toBeEnabled());
    await choose(user, dialog.getByLabelText('Source'), 'Conference');
    await user.type(dialog.getByLabelText('Notes'), 'Met at the flight software summit');
    await user.click(create);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.api.callsTo('POST /api/leads')[0]?.body).toEqual({
      name: 'Margaret Hamilton',
      email: 'margaret@apollo-guidance.com',
      company: 'Apollo Guidance',
      phone: '+1 617 555 0100',
      source: 'Conference',
      notes: 'Met at the flight software summit',
    });
    await waitFor(() => expect(dataRows()[0]).toHaveTextContent('Margaret Hamilton'));
    await waitFor(() => expect(stat('Total Leads')).toHaveTextContent('3'));
  });

  it("shows the server's detail inside the modal when the email is taken, and keeps the form open", async () => {
    const backend = leadsBackend([grace], admin);
    backend.api.use({ 'POST /api/leads': { status: 409, body: { detail: 'A lead with this email already exists' } } });
    const { user } = await openLeads();

    await user.click(screen.getByRole('button', { name: /Add Lead/ }));
    const dialog = await findDialog('Add New Lead');
    await user.type(dialog.getByLabelText('Name'), 'Grace Again');
    await user.type(dialog.getByLabelText('Email'), 'grace@navy-labs.com');
    await user.type(dialog.getByLabelText('Company'), 'Navy Labs');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Create Lead' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: 'Create Lead' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('A lead with this email already exists');
    // Inside the form only: no global alert as well.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(dialog.getByLabelText('Name')).toHaveValue('Grace Again');
  });

  it('lets an admin pin the score by hand when editing, and sends the whole lead', async () => {
    const backend = leadsBackend([grace, linus], admin);
    const bodies: unknown[] = [];
    const tags: (string | null)[] = [];
    backend.api.use({
      'PUT /api/leads/lead-3': (call) => {
        bodies.push(call.body);
        tags.push(call.headers.get('If-Match'));
        const updated = {
          ...linus,
          status: 'contacted' as const,
          score: 95,
          label: 'Hot' as const,
          score_override: 95,
        };
        backend.set([grace, updated]);
        return { body: updated };
      },
    });
    const { user } = await openLeads();

    await user.click(rowOf('Linus Torvalds').getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit Lead');
    expect(dialog.getByLabelText('Name')).toHaveValue('Linus Torvalds');
    expect(dialog.getByLabelText('Score override')).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: 'Set the score by hand' }));
    await waitFor(() => expect(dialog.getByLabelText('Score override')).toBeEnabled());
    await user.clear(dialog.getByLabelText('Score override'));
    await user.type(dialog.getByLabelText('Score override'), '95');
    await choose(user, dialog.getByLabelText('Status'), 'Contacted');
    await user.click(dialog.getByRole('button', { name: 'Update Lead' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Linus Torvalds',
      email: linus.email,
      company: 'Kernel Org',
      phone: '',
      source: 'LinkedIn',
      notes: '',
      status: 'contacted',
      score_override: 95,
    });
    // The revision the dialog was opened on: the server refuses the edit if someone changed the lead since.
    expect(tags).toEqual([linus.etag]);
    expect(await rowOf('Linus Torvalds').findByText('Hot')).toBeInTheDocument();
    expect(rowOf('Linus Torvalds').getByText('(set by admin)')).toBeInTheDocument();
  });

  it('does not offer employees the score override, nor send it', async () => {
    const backend = leadsBackend([grace], employee);
    const bodies: unknown[] = [];
    backend.api.use({
      'PUT /api/leads/lead-1': (call) => {
        bodies.push(call.body);
        return { body: grace };
      },
    });
    const { user } = await openLeads(employee);

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit Lead');
    expect(dialog.queryByLabelText('Score override')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Update Lead' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('score_override');
    expect(bodies[0]).toMatchObject({ name: 'Grace Hopper', status: 'qualified' });
  });

  it('imports a CSV file as text/csv and lists the rejected rows, saying nothing was imported', async () => {
    const backend = leadsBackend([grace], admin);
    backend.replyToImport({
      body: {
        imported: 0,
        rejected: [
          { row: 3, reason: 'email must be a valid e-mail address' },
          { row: 4, reason: 'source must be one of: Website, LinkedIn, Referral, Cold Email, Conference' },
        ],
      },
    });
    const { user } = await openLeads();
    const csv = 'name,email,company,source\r\nA,a@x.com,X,Website\r\nB,not-an-email,Y,Website\r\nC,c@z.com,Z,Fax\r\n';

    await user.upload(screen.getByLabelText('CSV file to import'), new File([csv], 'leads.csv', { type: 'text/csv' }));

    const dialog = await findDialog('Import Leads');
    expect(await dialog.findByText('Nothing was imported')).toBeInTheDocument();
    expect(dialog.getByText(/2 rows were rejected/)).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'email must be a valid e-mail address' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(backend.imports).toEqual([{ body: csv, contentType: 'text/csv' }]);
  });

  it('reports how many leads an import added', async () => {
    const backend = leadsBackend([grace], admin);
    backend.replyToImport({ body: { imported: 2, rejected: [] } });
    const { user } = await openLeads();

    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File(['name,email,company,source\r\n'], 'october.csv', { type: 'text/csv' }),
    );

    const dialog = await findDialog('Import Leads');
    expect(await dialog.findByText('Imported 2 leads from october.csv.')).toBeInTheDocument();
  });

  it('downloads the export with the token as leads.csv', async () => {
    const backend = leadsBackend([grace], admin);
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:leads';
      },
      revokeObjectURL: () => undefined,
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    const { user } = await openLeads();

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('leads.csv');
    expect(backend.exports).toEqual([{ authorization: `Bearer ${TEST_TOKEN}` }]);
  });

  it('shows why the list could not be loaded', async () => {
    leadsBackend([], admin).api.use({});
    const failing = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === '/api/leads') {
        return new Response(JSON.stringify({ detail: 'Lead service is restarting' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      return failing(request);
    }) as typeof fetch;
    renderApp({ path: '/leads', signedInAs: admin });

    expect(await screen.findByRole('alert')).toHaveTextContent('Lead service is restarting');
    expect(screen.getByText('Leads could not be loaded')).toBeInTheDocument();
  });

  describe('opened from a link', () => {
    it('starts from the label of /leads?label=Hot, and choosing another label takes it out of the address', async () => {
      const backend = leadsBackend([grace, alan, linus, ada], admin);
      const { user, location } = renderApp({ path: '/leads?label=Hot', signedInAs: admin });

      await screen.findByRole('cell', { name: /Grace Hopper/ });
      expect(backend.listQueries.every((query) => query.get('label') === 'Hot')).toBe(true);
      expect(dataRows()).toHaveLength(2);
      expect(screen.queryByRole('cell', { name: /Linus Torvalds/ })).not.toBeInTheDocument();
      const labelFilter = screen.getByRole('combobox', { name: 'Filter by label' });
      expect(labelFilter.closest('.ant-select')).toHaveTextContent('Hot');

      await choose(user, labelFilter, 'All Labels');
      expect(await screen.findByRole('cell', { name: /Linus Torvalds/ })).toBeInTheDocument();
      expect(location().search).toBe('');
      expect(location().pathname).toBe('/leads');
    });

    it('starts from the search of /leads?q=<e-mail>, shown in the search box', async () => {
      const backend = leadsBackend([grace, alan, linus, ada], admin);
      renderApp({ path: `/leads?q=${encodeURIComponent(grace.email)}`, signedInAs: admin });

      await screen.findByRole('cell', { name: /Grace Hopper/ });
      expect(backend.listQueries[0]?.get('q')).toBe(grace.email);
      expect(dataRows()).toHaveLength(1);
      expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(grace.email);
    });
  });
});
