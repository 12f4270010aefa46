import { act, screen, waitFor, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { CALLBACK_PATH, savePending } from '../oauthFlow';
import { buildConnection, buildJob, buildPlatform, emptyAnalytics, integrationsBackend } from './integrationsBackend';

const employee = employeeUser();

const crm = buildPlatform({
  id: 'p-crm',
  name: 'Sandbox CRM',
  type: 'crm',
  auth_type: 'oauth2',
  description: 'Contacts become leads',
  supported_features: ['Contacts → leads', 'Accounts', 'Opportunities', 'Tasks', 'Events', 'Incremental sync'],
  rate_limits: { requests_per_minute: 6000, page_size: 500 },
});
const marketing = buildPlatform({
  id: 'p-mkt',
  name: 'Sandbox Marketing',
  type: 'marketing',
  auth_type: 'api_key',
  supported_features: ['Contacts → leads'],
});

async function openHub() {
  const view = renderApp({ path: '/integrations', signedInAs: employee });
  await screen.findByRole('heading', { name: 'Integrations Hub' });
  return view;
}

async function findDialog(title: string) {
  const dialogs = await screen.findAllByRole('dialog');
  const dialog = dialogs.find((d) => within(d).queryAllByText(title).length > 0);
  if (!dialog) throw new Error(`no dialog "${title}"`);
  return within(dialog);
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};

afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

describe('Integrations Hub', () => {
  it('shows platform cards with the first 4 features, +N more, auth type and first rate limit; chips filter them', async () => {
    integrationsBackend(employee, { platforms: [crm, marketing] });
    const { user } = await openHub();

    expect(await screen.findByRole('tab', { name: 'Available Platforms (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /My Connections/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Initialize Sample Data/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Manual Sync/ })).toBeInTheDocument();

    const card = within(await screen.findByRole('article', { name: 'Sandbox CRM' }));
    for (const shown of ['Contacts → leads', 'Accounts', 'Opportunities', 'Tasks']) {
      expect(card.getByText(shown)).toBeInTheDocument();
    }
    expect(card.queryByText('Events')).not.toBeInTheDocument();
    expect(card.getByText(/^\+2 more/)).toBeInTheDocument();
    expect(card.getByText('OAuth 2.0')).toBeInTheDocument();
    expect(card.getByText('6000 requests per minute')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Connect Sandbox CRM' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Learn More about Sandbox CRM' })).toBeInTheDocument();

    const chips = within(screen.getByRole('group', { name: 'Filter by category' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'CRM',
      'Payments',
      'Marketing',
      'Communication',
      'Project Management',
      'E-commerce',
    ]);
    await user.click(chips.getByRole('button', { name: 'Marketing' }));
    expect(screen.queryByRole('article', { name: 'Sandbox CRM' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sandbox Marketing' })).toBeInTheDocument();
    await user.click(chips.getByRole('button', { name: 'Payments' }));
    expect(screen.getByText('No platforms found')).toBeInTheDocument();
  });

  it('shows the empty states, and Initialize Sample Data brings the platforms', async () => {
    const backend = integrationsBackend(employee);
    backend.api.use({
      'POST /api/integrations/initialize-sample-data': () => {
        backend.state.platforms = [crm, marketing];
        return { body: { created: 2, platforms: [crm, marketing] } };
      },
    });
    const { user } = await openHub();

    expect(await screen.findByText('No platforms found')).toBeInTheDocument();
    expect(screen.getByText('Initialize sample data to see available platforms')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /My Connections/ }));
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();
    expect(screen.getByText('Connect to your first platform to get started')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Initialize Sample Data/ }));
    await user.click(screen.getByRole('tab', { name: /Available Platforms/ }));
    expect(await screen.findByRole('article', { name: 'Sandbox CRM' })).toBeInTheDocument();
  });

  it("offers Disconnect and a Connected badge for a connected platform, and the table's stats, Never and Reconnect", async () => {
    const connected = buildConnection({
      platform_id: 'p-crm',
      platform_name: 'Sandbox CRM',
      connection_name: 'Sales CRM',
      total_syncs: 3,
      successful_syncs: 2,
      failed_syncs: 1,
      last_sync_at: '2026-03-02T10:00:00.000Z',
    });
    const expired = buildConnection({
      platform_id: 'p-mkt',
      platform_name: 'Sandbox Marketing',
      connection_name: 'Newsletter',
      status: 'expired',
      status_detail: 'The provider refused the refresh token',
    });
    integrationsBackend(employee, { platforms: [crm, marketing], connections: [connected, expired] });
    const { user } = await openHub();

    const card = within(await screen.findByRole('article', { name: 'Sandbox CRM' }));
    expect(await card.findByText('Connected')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Disconnect Sandbox CRM' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Connect Sandbox CRM' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Sandbox Marketing' })).getByRole('button', {
        name: 'Connect Sandbox Marketing',
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /My Connections/ }));
    const salesRow = rowOf('Sales CRM');
    expect(salesRow.getByText('Total: 3')).toBeInTheDocument();
    expect(salesRow.getByText('Success: 2')).toBeInTheDocument();
    expect(salesRow.getByText('Failed: 1')).toBeInTheDocument();
    for (const action of ['Sync Now', 'Configure', 'Disconnect']) {
      expect(salesRow.getByRole('button', { name: new RegExp(action) })).toBeInTheDocument();
    }
    const expiredRow = rowOf('Newsletter');
    expect(expiredRow.getByText('Expired')).toBeInTheDocument();
    expect(expiredRow.getByText('The provider refused the refresh token')).toBeInTheDocument();
    expect(expiredRow.getByText('Never')).toBeInTheDocument();
    expect(expiredRow.getByRole('button', { name: /Sync Now/ })).toBeDisabled();
    await user.click(expiredRow.getByRole('button', { name: /Reconnect/ }));
    expect(await findDialog('Connect to Sandbox Marketing')).toBeTruthy();
  });

  it('connects an api_key platform: the key is required, and a refused key shows the detail', async () => {
    const backend = integrationsBackend(employee, { platforms: [marketing] });
    backend.api.use({
      'POST /api/integrations/api-key-connection': (call) =>
        (call.body as { api_key: string }).api_key === 'sbx_demo_key_0001'
          ? { status: 201, body: buildConnection({ platform_id: 'p-mkt', connection_name: 'Newsletter' }) }
          : { status: 400, body: { detail: 'Sandbox Marketing refused this API key' } },
    });
    const { user } = await openHub();
    await user.click(await screen.findByRole('button', { name: 'Connect Sandbox Marketing' }));
    const dialog = await findDialog('Connect to Sandbox Marketing');

    expect(dialog.getByLabelText('Sync Frequency (minutes)')).toHaveValue('60');
    await user.clear(dialog.getByLabelText('Connection Name'));
    await user.type(dialog.getByLabelText('Connection Name'), 'Newsletter');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('Please enter the API key')).toBeInTheDocument();

    const key = dialog.getByLabelText('API Key');
    expect(key).toHaveAttribute('type', 'password');
    await user.type(key, 'wrong');
    await user.clear(dialog.getByLabelText('Sync Frequency (minutes)'));
    await user.type(dialog.getByLabelText('Sync Frequency (minutes)'), '5');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('Between 15 and 1440 minutes')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Sync Frequency (minutes)'));
    await user.type(dialog.getByLabelText('Sync Frequency (minutes)'), '30');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('Sandbox Marketing refused this API key')).toBeInTheDocument();

    await user.clear(key);
    await user.type(key, 'sbx_demo_key_0001');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(backend.api.callsTo('POST /api/integrations/api-key-connection')).toHaveLength(2));
    expect(backend.api.callsTo('POST /api/integrations/api-key-connection')[1].body).toEqual({
      platform_id: 'p-mkt',
      connection_name: 'Newsletter',
      api_key: 'sbx_demo_key_0001',
      user_id: 'employee-1',
      sync_frequency: 30,
      additional_config: {},
    });
    expect(await screen.findByText('Connected to Sandbox Marketing')).toBeInTheDocument();
  });

  it('starts OAuth in a popup, waits for approval, and refreshes the connections when the callback page reports', async () => {
    const backend = integrationsBackend(employee, { platforms: [crm] });
    backend.api.use({
      'POST /api/integrations/oauth/initiate': {
        body: { state: 'st-1', authorization_url: 'http://sandbox.test/oauth/authorize?state=st-1', expires_at: '' },
      },
    });
    const popup = { location: { href: '' }, focus: jest.fn(), close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user } = await openHub();

    await user.click(await screen.findByRole('button', { name: 'Connect Sandbox CRM' }));
    const dialog = await findDialog('Connect to Sandbox CRM');
    await user.click(dialog.getByRole('button', { name: 'Continue to Sandbox CRM' }));

    expect(await dialog.findByText('Waiting for you to approve in the Sandbox CRM window…')).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.location.href).toBe('http://sandbox.test/oauth/authorize?state=st-1');
    expect(backend.api.callsTo('POST /api/integrations/oauth/initiate')[0].body).toEqual({
      platform_id: 'p-crm',
      connection_name: 'Sandbox CRM Connection',
      redirect_uri: `${window.location.origin}${CALLBACK_PATH}`,
      user_id: 'employee-1',
      sync_frequency: 60,
    });
    expect(JSON.parse(window.localStorage.getItem('sixa.integrations.oauth.st-1') ?? '{}')).toMatchObject({
      platform_id: 'p-crm',
      mode: 'popup',
    });

    const before = backend.api.callsTo('GET /api/integrations/connections').length;
    backend.state.connections = [buildConnection({ platform_id: 'p-crm', platform_name: 'Sandbox CRM' })];
    const data = {
      type: 'integrations.oauth.result',
      state: 'st-1',
      ok: true,
      connection_name: 'Sandbox CRM Connection',
      platform_name: 'Sandbox CRM',
    };
    // A message from another origin is not listened to.
    act(() => window.dispatchEvent(new MessageEvent('message', { data, origin: 'http://evil.example' })));
    expect(dialog.getByText('Waiting for you to approve in the Sandbox CRM window…')).toBeInTheDocument();
    act(() => window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin })));

    expect(await screen.findByText('Connected to Sandbox CRM')).toBeInTheDocument();
    await waitFor(() =>
      expect(backend.api.callsTo('GET /api/integrations/connections').length).toBeGreaterThan(before),
    );
    expect(
      await within(screen.getByRole('article', { name: 'Sandbox CRM' })).findByText('Connected'),
    ).toBeInTheDocument();
  });

  it('shows the reason when the provider was denied, and Cancel stops waiting', async () => {
    const backend = integrationsBackend(employee, { platforms: [crm] });
    backend.api.use({
      'POST /api/integrations/oauth/initiate': {
        body: { state: 'st-2', authorization_url: 'http://sandbox.test/authorize', expires_at: '' },
      },
    });
    const popup = { location: { href: '' }, focus: jest.fn(), close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user } = await openHub();
    await user.click(await screen.findByRole('button', { name: 'Connect Sandbox CRM' }));
    const dialog = await findDialog('Connect to Sandbox CRM');
    await user.click(dialog.getByRole('button', { name: 'Continue to Sandbox CRM' }));
    await dialog.findByText(/Waiting for you to approve/);

    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            type: 'integrations.oauth.result',
            state: 'st-2',
            ok: false,
            detail: 'Access to Sandbox CRM was denied.',
            platform_name: 'Sandbox CRM',
          },
        }),
      ),
    );
    expect(await dialog.findByText('Access to Sandbox CRM was denied.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Continue to Sandbox CRM' }));
    await dialog.findByText(/Waiting for you to approve/);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(popup.close).toHaveBeenCalled();
    expect(await dialog.findByLabelText('Connection Name')).toBeInTheDocument();
  });

  it('shows why initiating failed (409: already connected)', async () => {
    const backend = integrationsBackend(employee, { platforms: [crm] });
    backend.api.use({
      'POST /api/integrations/oauth/initiate': { status: 409, body: { detail: 'Sandbox CRM is already connected' } },
    });
    const popup = { location: { href: '' }, focus: jest.fn(), close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user } = await openHub();
    await user.click(await screen.findByRole('button', { name: 'Connect Sandbox CRM' }));
    const dialog = await findDialog('Connect to Sandbox CRM');
    await user.click(dialog.getByRole('button', { name: 'Continue to Sandbox CRM' }));
    expect(await dialog.findByText('Sandbox CRM is already connected')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
  });

  it('Manual Sync offers only connected connections, starts when one is chosen, and follows the job to its end', async () => {
    const sales = buildConnection({ id: 'c-sales', connection_name: 'Sales CRM', platform_name: 'Sandbox CRM' });
    const old = buildConnection({ id: 'c-old', connection_name: 'Old CRM', status: 'disconnected' });
    const backend = integrationsBackend(employee, { platforms: [crm], connections: [sales, old] });
    const started = buildJob({ id: 'j-1', connection_id: 'c-sales', platform_name: 'Sandbox CRM' });
    let polls = 0;
    backend.api.use({
      'POST /api/integrations/sync-jobs': { status: 201, body: started },
      'GET /api/integrations/sync-jobs/j-1': () => {
        polls += 1;
        return polls < 2
          ? { body: { ...started, status: 'in_progress', records_processed: 20, records_success: 20 } }
          : {
              body: {
                ...started,
                status: 'success',
                records_processed: 50,
                records_success: 49,
                records_failed: 1,
                finished_at: '2026-03-02T09:01:00.000Z',
              },
            };
      },
      'GET /api/integrations/sync-jobs/j-1/log': {
        body: [{ external_id: 'con_000007', outcome: 'failed', detail: 'email is not valid' }],
      },
    });
    const { user } = await openHub();
    await user.click(screen.getByRole('button', { name: /Manual Sync/ }));
    const dialog = await findDialog('Manual Sync');

    const start = dialog.getByRole('button', { name: 'Start Sync' });
    expect(start).toBeDisabled();
    expect(dialog.getByRole('radio', { name: /Accounts/ })).toBeDisabled();
    expect(dialog.getByText(/Syncing accounts is not available yet/)).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'Sales CRM (Sandbox CRM)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Old CRM/ })).not.toBeInTheDocument();
    await user.click(await screen.findByTitle('Sales CRM (Sandbox CRM)'));
    expect(start).toBeEnabled();
    await user.click(start);

    expect(backend.api.callsTo('POST /api/integrations/sync-jobs')[0].body).toEqual({
      connection_id: 'c-sales',
      data_type: 'contacts',
      job_type: 'manual',
      direction: 'inbound',
    });
    const progress = await findDialog('Sync Progress');
    expect(await progress.findByText('20 records processed so far', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await progress.findByText('Success', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(progress.getByText('50 records processed')).toBeInTheDocument();
    const pollsAtEnd = polls;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(polls).toBe(pollsAtEnd);

    await user.click(progress.getByRole('button', { name: 'View Record Log' }));
    expect(await screen.findByText('email is not valid')).toBeInTheDocument();
  }, 15_000);

  it('shows a refused Sync Now (400) to the user', async () => {
    const sales = buildConnection({ id: 'c-sales', connection_name: 'Sales CRM' });
    const backend = integrationsBackend(employee, { platforms: [crm], connections: [sales] });
    backend.api.use({
      'POST /api/integrations/sync-jobs': { status: 409, body: { detail: 'A sync of Sales CRM is already running' } },
    });
    const { user } = await openHub();
    await user.click(screen.getByRole('tab', { name: /My Connections/ }));
    await screen.findByText('Sales CRM');
    await user.click(rowOf('Sales CRM').getByRole('button', { name: /Sync Now/ }));
    expect(await screen.findByText('A sync of Sales CRM is already running')).toBeInTheDocument();
  });

  it('Configure saves the name, frequency, direction and field mappings', async () => {
    const sales = buildConnection({ id: 'c-sales', connection_name: 'Sales CRM' });
    const backend = integrationsBackend(employee, { platforms: [crm], connections: [sales] });
    backend.api.use({
      'PUT /api/integrations/connections/c-sales': (call) => ({ body: { ...sales, ...(call.body as object) } }),
    });
    const { user } = await openHub();
    await user.click(screen.getByRole('tab', { name: /My Connections/ }));
    await screen.findByText('Sales CRM');
    await user.click(rowOf('Sales CRM').getByRole('button', { name: /Configure/ }));
    const dialog = await findDialog('Configure Sales CRM');

    expect(dialog.getByLabelText('Lead name')).toHaveValue('{{first_name}} {{last_name}}');
    await user.clear(dialog.getByLabelText('Sync Frequency (minutes)'));
    await user.type(dialog.getByLabelText('Sync Frequency (minutes)'), '120');
    await user.clear(dialog.getByLabelText('Lead notes'));
    await user.type(dialog.getByLabelText('Lead notes'), 'Title: {{{{title}}');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(backend.api.callsTo('PUT /api/integrations/connections/c-sales')).toHaveLength(1));
    expect(backend.api.callsTo('PUT /api/integrations/connections/c-sales')[0].body).toEqual({
      connection_name: 'Sales CRM',
      sync_frequency: 120,
      sync_direction: 'inbound',
      field_mappings: {
        'contacts.name': '{{first_name}} {{last_name}}',
        'contacts.email': '{{email}}',
        'contacts.company': '{{company}}',
        'contacts.phone': '{{phone}}',
        'contacts.source': '{{lead_source}}',
        'contacts.notes': 'Title: {{title}}',
      },
    });
  });

  it('Analytics shows the four cards, success rates and the latest jobs; a job opens its record log', async () => {
    const job = buildJob({
      id: 'j-9',
      platform_name: 'Sandbox CRM',
      status: 'success',
      records_processed: 50,
      records_success: 50,
      started_at: '2026-03-02T09:00:00.000Z',
    });
    integrationsBackend(employee, {
      platforms: [crm, marketing],
      analytics: emptyAnalytics({
        total_connections: 2,
        active_connections: 1,
        recent_syncs: [job],
        platform_stats: {
          'p-crm': {
            platform_name: 'Sandbox CRM',
            connections: 1,
            active_connections: 1,
            total_syncs: 4,
            successful_syncs: 3,
            success_rate: 75,
          },
        },
      }),
      logs: { 'j-9': [] },
    });
    const { user } = await openHub();
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));

    const card = (name: string) => screen.getByRole('group', { name });
    expect(await screen.findByRole('group', { name: 'Total Connections' })).toHaveTextContent('2');
    expect(card('Active Connections')).toHaveTextContent('1');
    expect(card('Recent Syncs')).toHaveTextContent('1');
    expect(card('Platforms')).toHaveTextContent('2');
    expect(screen.getByText('3 successful of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Success rate 75%' })).toBeInTheDocument();
    expect(screen.getByText('50 / 50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Record log of the Sandbox CRM sync/ }));
    expect(await screen.findByText('No record failed in this job')).toBeInTheDocument();
  });
});

describe('OAuth callback page', () => {
  it('completes the connection with the code and state, and tells the opener', async () => {
    const backend = integrationsBackend(employee);
    backend.api.use({
      'POST /api/integrations/oauth/callback': {
        status: 201,
        body: buildConnection({ connection_name: 'Sales CRM', platform_name: 'Sandbox CRM' }),
      },
    });
    savePending('st-3', { platform_id: 'p-crm', platform_name: 'Sandbox CRM', mode: 'popup' });
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    const posted: unknown[] = [];
    const opener = { postMessage: (message: unknown) => posted.push(message) };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    try {
      renderApp({ path: `${CALLBACK_PATH}?code=abc&state=st-3`, signedInAs: employee });

      expect(await screen.findByText('Connected to Sandbox CRM')).toBeInTheDocument();
      expect(backend.api.callsTo('POST /api/integrations/oauth/callback')[0].body).toEqual({
        platform_id: 'p-crm',
        code: 'abc',
        state: 'st-3',
        user_id: 'employee-1',
      });
      expect(posted).toEqual([expect.objectContaining({ state: 'st-3', ok: true, connection_name: 'Sales CRM' })]);
      expect(window.localStorage.getItem('sixa.integrations.oauth.st-3')).toBeNull();
      await waitFor(() => expect(close).toHaveBeenCalled());
    } finally {
      Object.defineProperty(window, 'opener', { value: null, configurable: true });
    }
  });

  it('reports a denied consent without calling the service', async () => {
    const backend = integrationsBackend(employee);
    savePending('st-4', { platform_id: 'p-crm', platform_name: 'Sandbox CRM', mode: 'popup' });
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    renderApp({ path: `${CALLBACK_PATH}?error=access_denied&state=st-4`, signedInAs: employee });

    expect(await screen.findByText('Access to Sandbox CRM was denied.')).toBeInTheDocument();
    expect(backend.api.callsTo('POST /api/integrations/oauth/callback')).toHaveLength(0);
    // The popup closes itself (jsdom's own window must not: it would end the test run).
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('goes back to the hub after a same-window flow, which shows the outcome', async () => {
    const backend = integrationsBackend(employee, { platforms: [crm] });
    backend.api.use({
      'POST /api/integrations/oauth/callback': { status: 400, body: { detail: 'This authorization has expired' } },
    });
    savePending('st-5', { platform_id: 'p-crm', platform_name: 'Sandbox CRM', mode: 'redirect' });
    const { location } = renderApp({ path: `${CALLBACK_PATH}?code=abc&state=st-5`, signedInAs: employee });

    await screen.findByRole('heading', { name: 'Integrations Hub' });
    expect(location().pathname).toBe('/integrations');
    expect(await screen.findByText('This authorization has expired')).toBeInTheDocument();
  });

  it('says so when the state is unknown', async () => {
    integrationsBackend(employee);
    renderApp({ path: `${CALLBACK_PATH}?code=abc&state=nope`, signedInAs: employee });
    expect(await screen.findByText(/This sign-in cannot be completed here/)).toBeInTheDocument();
  });
});
