import { screen, waitFor, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { admin, buildRule, buildSettingsUser, buildWebhook, policy, settingsRoutes } from './settingsBackend';

const TABS = [
  'User Management',
  'System Settings',
  'Security & Backup',
  'AI Configuration',
  'Integration Settings',
  'Business Rules',
  'UI Customization',
];

async function openSettings() {
  const view = renderApp({ path: '/settings', signedInAs: admin });
  await screen.findByRole('heading', { name: 'Settings & Configuration' });
  return view;
}

async function openTab(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(screen.getByRole('tab', { name }));
}

/** The open dialog (antd's ids are fixed under jest: match the title text). */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return within(dialog);
}

describe('Settings screen', () => {
  it('shows an admin the seven tabs, Initialize Sample Data, and the company name in the header', async () => {
    const api = settingsRoutes(
      {},
      { 'POST /api/settings/initialize-sample-data': { body: { created: { rules: 2 } } } },
    );
    const { user } = await openSettings();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(TABS);
    expect(await screen.findByText('Acme Corp')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Initialize Sample Data/ }));
    await waitFor(() => expect(api.callsTo('POST /api/settings/initialize-sample-data')).toHaveLength(1));
  });

  it('refuses an employee with the spec text, without calling the settings API', async () => {
    const employee = employeeUser();
    const api = mockApi({ 'GET /api/auth/me': { body: employee } });
    renderApp({ path: '/settings', signedInAs: employee });

    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this feature.")).toBeInTheDocument();
    expect(api.callsTo('GET /api/settings/users')).toHaveLength(0);
  });

  it('lists settings users with their role badges, and no Delete for an admin', async () => {
    settingsRoutes({
      users: [
        buildSettingsUser({ role: 'admin', full_name: 'Root Admin' }),
        buildSettingsUser({ role: 'manager', full_name: 'Max Manager' }),
        buildSettingsUser({ role: 'viewer', full_name: 'Vera Viewer' }),
      ],
    });
    await openSettings();

    const adminRow = (await screen.findByText('Root Admin')).closest('tr') as HTMLElement;
    const managerRow = screen.getByText('Max Manager').closest('tr') as HTMLElement;
    expect(within(adminRow).getByText('Admin')).toHaveClass('ant-tag-red');
    expect(within(managerRow).getByText('Manager')).toHaveClass('ant-tag-gold');
    expect(within(adminRow).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(managerRow).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("deletes a user after the spec's confirmation, and shows the spec's text when it fails", async () => {
    const max = buildSettingsUser({ role: 'manager', full_name: 'Max Manager' });
    const api = settingsRoutes({ users: [max] }, { [`DELETE /api/users/${max.id}`]: { status: 500, body: {} } });
    const { user } = await openSettings();

    const row = (await screen.findByText('Max Manager')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getAllByText('Are you sure you want to delete this user?').length).toBeGreaterThan(0);
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error deleting user. Please try again.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/users/${max.id}`)).toHaveLength(1);
  });

  it('adds a user with the spec defaults, and shows a password the policy refuses in the form', async () => {
    const api = settingsRoutes(
      {},
      {
        'POST /api/settings/users': {
          status: 400,
          body: { detail: 'The password must have at least 12 characters' },
        },
      },
    );
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: /Add New User/ }));
    const dialog = await findDialog('Add New User');
    const add = dialog.getByRole('button', { name: 'Add User' });
    expect(add).toBeDisabled();
    await user.type(dialog.getByLabelText('Username'), 'grace');
    await user.type(dialog.getByLabelText('Full Name'), 'Grace Hopper');
    await user.type(dialog.getByLabelText('Email'), 'grace@sixa.local');
    await user.type(dialog.getByLabelText('Password'), 'short-pass');
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);

    expect(await dialog.findByText('The password must have at least 12 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/users')[0]?.body).toEqual({
      username: 'grace',
      full_name: 'Grace Hopper',
      email: 'grace@sixa.local',
      role: 'user',
      department: '',
      timezone: 'UTC',
      language: 'en',
      password: 'short-pass',
    });
  });

  it("saves the password policy with its revision, and shows the server's reason when refused", async () => {
    const api = settingsRoutes(
      {},
      {
        'GET /api/settings/security': { body: policy(undefined, 4) },
        'PUT /api/settings/security': { status: 409, body: { detail: 'Someone changed the policy meanwhile' } },
      },
    );
    const { user } = await openSettings();
    await openTab(user, 'Security & Backup');

    const length = await screen.findByLabelText('Minimum Password Length');
    await user.clear(length);
    await user.type(length, '12');
    await user.click(screen.getByRole('button', { name: 'Save Password Policy' }));

    expect(await screen.findByText('Someone changed the policy meanwhile')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/security')[0]?.body).toEqual({
      rules: {
        password_min_length: 12,
        password_require_uppercase: false,
        password_require_numbers: false,
        password_require_symbols: false,
        password_expiry_days: 0,
      },
      rev: 4,
    });
    // The backup controls: display values and the truth about backups.
    expect(screen.getByText('Backups: not configured')).toBeInTheDocument();
    expect(screen.getByLabelText('Retention (days)')).toHaveValue('30');
  });

  it("says 'No webhooks configured', and shows a new webhook's secret once", async () => {
    const created = { ...buildWebhook({ name: 'CRM sync' }), secret: 'whsec_c2VjcmV0' };
    const api = settingsRoutes({}, { 'POST /api/settings/webhooks': { status: 201, body: created } });
    const { user } = await openSettings();
    await openTab(user, 'Integration Settings');

    expect(await screen.findByText('No webhooks configured')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add Webhook/ }));
    const dialog = await findDialog('Add Webhook');
    await user.type(dialog.getByLabelText('Name'), 'CRM sync');
    await user.type(dialog.getByLabelText('URL'), 'https://hooks.example.com/in');
    await user.type(dialog.getByLabelText('Events'), 'lead.created, , quote.accepted');
    await user.click(dialog.getByRole('button', { name: 'Create Webhook' }));

    expect(await screen.findByText('whsec_c2VjcmV0')).toBeInTheDocument();
    expect(screen.getByText("Copy the signing secret now: you won't see it again.")).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/webhooks')[0]?.body).toEqual({
      name: 'CRM sync',
      url: 'https://hooks.example.com/in',
      events: ['lead.created', 'quote.accepted'],
      retry_attempts: 3,
      retry_delay_seconds: 30,
      timeout_seconds: 30,
      headers: {},
      created_by: admin.id,
    });
  });

  it('shows a refused receiver address in the webhook form', async () => {
    settingsRoutes(
      {},
      { 'POST /api/settings/webhooks': { status: 400, body: { detail: 'url: 127.0.0.1 is a loopback address' } } },
    );
    const { user } = await openSettings();
    await openTab(user, 'Integration Settings');

    await user.click(await screen.findByRole('button', { name: /Add Webhook/ }));
    const dialog = await findDialog('Add Webhook');
    await user.type(dialog.getByLabelText('Name'), 'Local');
    await user.type(dialog.getByLabelText('URL'), 'http://127.0.0.1/hook');
    await user.click(dialog.getByRole('button', { name: 'Create Webhook' }));

    expect(await dialog.findByText('url: 127.0.0.1 is a loopback address')).toBeInTheDocument();
  });

  it('tests a webhook and opens its delivery log', async () => {
    const hook = buildWebhook({ name: 'Billing', success_count: 2, failure_count: 1 });
    const attempt = {
      id: 'a1',
      webhook_id: hook.id,
      message_id: 'msg_1',
      event: 'webhook.test',
      attempt: 1,
      status: 'failed',
      status_code: 500,
      duration_ms: 42,
      error: 'HTTP 500',
      created_at: '2026-01-11T10:00:00.000Z',
    };
    settingsRoutes(
      { webhooks: [hook] },
      {
        [`POST /api/settings/webhooks/${hook.id}/test`]: { body: attempt },
        [`GET /api/settings/webhooks/${hook.id}/deliveries`]: { body: [attempt] },
      },
    );
    const { user } = await openSettings();
    await openTab(user, 'Integration Settings');

    const row = (await screen.findByText('Billing')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Test' }));
    const result = await findDialog('Test delivery to Billing');
    expect(result.getByText('Failed')).toBeInTheDocument();
    expect(result.getByText('500')).toBeInTheDocument();
    await user.click(result.getByRole('button', { name: 'Done' }));

    await user.click(within(row).getByRole('button', { name: 'Log' }));
    expect(await screen.findByText('Delivery log: Billing')).toBeInTheDocument();
    expect(await screen.findByText('42 ms')).toBeInTheDocument();
    expect(screen.getByText('HTTP 500')).toBeInTheDocument();
  });

  it('lists business rules with Active/Inactive markers and shows what a test would do', async () => {
    const referral = buildRule({ name: 'Referral follow-up', execution_count: 3 });
    const paused = buildRule({ name: 'Paused rule', is_active: false });
    const api = settingsRoutes(
      { rules: [referral, paused] },
      {
        [`POST /api/settings/business-rules/${referral.id}/test`]: {
          body: { matched: true, actions: [{ type: 'create_task', outcome: 'would_run', detail: 'Task "Call Ann"' }] },
        },
      },
    );
    const { user } = await openSettings();
    await openTab(user, 'Business Rules');

    const row = (await screen.findByText('Referral follow-up')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('source equals Referral')).toBeInTheDocument();
    const pausedRow = screen.getByText('Paused rule').closest('tr') as HTMLElement;
    expect(within(pausedRow).getByText('Inactive')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Test' }));
    const dialog = await findDialog('Test rule: Referral follow-up');
    expect(JSON.parse((dialog.getByLabelText('Sample event JSON') as HTMLTextAreaElement).value)).toEqual({
      type: 'lead.created',
      data: { source: 'Referral' },
    });
    await user.click(dialog.getByRole('button', { name: 'Run Test' }));

    expect(await dialog.findByText('The rule matches: it would run 1 action(s)')).toBeInTheDocument();
    expect(dialog.getByText('Task "Call Ann"')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/settings/business-rules/${referral.id}/test`)[0]?.body).toEqual({
      event: { type: 'lead.created', data: { source: 'Referral' } },
    });
  });

  it('creates a rule from condition rows and an action with its params', async () => {
    const api = settingsRoutes({}, { 'POST /api/settings/business-rules': { status: 201, body: buildRule() } });
    const { user } = await openSettings();
    await openTab(user, 'Business Rules');

    await user.click(await screen.findByRole('button', { name: /New Rule/ }));
    const dialog = await findDialog('New Business Rule');
    await user.type(dialog.getByLabelText('Name'), 'Referrals');
    await user.type(dialog.getByLabelText('Condition 1 value'), 'Referral');
    await user.type(dialog.getByLabelText('Task title'), 'Call {{{{name}}'); // user-event: {{ types {
    await user.click(dialog.getByRole('button', { name: 'Create Rule' }));

    await waitFor(() => expect(api.callsTo('POST /api/settings/business-rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/settings/business-rules')[0]?.body).toEqual({
      name: 'Referrals',
      description: '',
      module: 'leads',
      trigger_event: 'lead.created',
      conditions: { all: [{ fact: 'source', operator: 'equal', value: 'Referral' }] },
      actions: [{ type: 'create_task', params: { title: 'Call {{name}}', priority: 'medium' } }],
      is_active: true,
    });
  });

  it("hides a menu entry for a role and saves the role's menu", async () => {
    const api = settingsRoutes(
      {},
      {
        'GET /api/settings/menu-config/employee': { status: 404, body: { detail: 'none' } },
        'PUT /api/settings/menu-config/employee': ({ body }) => ({ body: { role: 'employee', ...(body as object) } }),
      },
    );
    const { user } = await openSettings();
    await openTab(user, 'UI Customization');

    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Employee'));
    await user.click(await screen.findByRole('switch', { name: 'Show Calendar' }));
    await user.click(screen.getByRole('button', { name: 'Save Menu' }));

    await waitFor(() => expect(api.callsTo('PUT /api/settings/menu-config/employee')).toHaveLength(1));
    const { items } = api.callsTo('PUT /api/settings/menu-config/employee')[0]?.body as {
      items: Array<{ key: string; visible: boolean }>;
    };
    expect(items.find((i) => i.key === 'calendar')).toEqual({ key: 'calendar', visible: false });
    // And the admin-only screens, which the Employee role cannot open (UiCustomizationTab.test.tsx).
    expect(items.filter((i) => !i.visible).map((i) => i.key)).toEqual(['team', 'users', 'calendar', 'settings']);
  });
});
