import type { SystemSetting } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderApp } from '../../../test/renderApp';
import { admin, policy, settingsRoutes } from './settingsBackend';

const CHANGER_ID = '6b0ab56f2c9d4e0012345678';

const expiryDays = (overrides: Partial<SystemSetting> = {}): SystemSetting => ({
  category: 'quotes',
  key: 'default_expiry_days',
  value: 45,
  data_type: 'number',
  description: 'Days a new quote stays valid when its creator gives none',
  updated_by: CHANGER_ID,
  updated_by_name: 'Grace Hopper',
  updated_at: '2026-03-02T10:15:00.000Z',
  ...overrides,
});

async function openTab(name: string) {
  const view = renderApp({ path: '/settings', signedInAs: admin });
  await screen.findByRole('heading', { name: 'Settings & Configuration' });
  await view.user.click(screen.getByRole('tab', { name }));
  return view;
}

async function choose(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

describe('Settings: who changed what, and what is wrong with a value', () => {
  it('names the person who changed a system setting, never their id', async () => {
    settingsRoutes({}, { 'GET /api/settings/system': { body: [expiryDays()] } });
    await openTab('System Settings');

    expect(await screen.findByText(/^Changed .* by Grace Hopper$/)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(CHANGER_ID))).not.toBeInTheDocument();
  });

  it('names the person who last changed the password policy, never their id', async () => {
    settingsRoutes(
      {},
      {
        'GET /api/settings/security': {
          body: {
            ...policy(undefined, 3),
            updated_by: CHANGER_ID,
            updated_by_name: 'Grace Hopper',
            updated_at: '2026-03-02T10:15:00.000Z',
          },
        },
      },
    );
    await openTab('Security & Backup');

    expect(await screen.findByText(/Last changed .* by Grace Hopper\./)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(CHANGER_ID))).not.toBeInTheDocument();
  });

  it('says "Enter a number, e.g. 30" under a number setting typed with letters, and keeps Save off', async () => {
    const api = settingsRoutes({}, { 'GET /api/settings/system': { body: [] } });
    const { user } = await openTab('System Settings');

    const field = await screen.findByLabelText('quotes.default_expiry_days');
    await user.clear(field);
    await user.type(field, 'thirty');

    const problem = await screen.findByText('Enter a number, e.g. 30');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a number, e.g. 30');
    expect(screen.getByRole('button', { name: 'Save quotes.default_expiry_days' })).toBeDisabled();

    // A number again: the message goes and Save comes back.
    await user.clear(field);
    await user.type(field, '40');
    await waitFor(() => expect(problem).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save quotes.default_expiry_days' })).toBeEnabled();
    expect(api.callsTo('PUT /api/settings/system')).toHaveLength(0);
  });

  it('says under the Value of "Add a setting" that a number is expected, as it is typed', async () => {
    const api = settingsRoutes();
    const { user } = await openTab('System Settings');

    await screen.findByText('Add a setting');
    const form = within(document.querySelector<HTMLElement>('form#new-system-setting')!);
    await user.type(form.getByLabelText('Category'), 'reports');
    await user.type(form.getByLabelText('Key'), 'page_size');
    await choose(user, form.getByLabelText('Type'), 'number');
    await user.type(form.getByLabelText('Value'), 'twenty');

    expect(await form.findByText('Enter a number, e.g. 30')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: /Save$/ }));
    expect(api.callsTo('PUT /api/settings/system')).toHaveLength(0);
  });

  it('says which condition of a business rule lacks its field and its value, in words', async () => {
    const api = settingsRoutes();
    const { user } = await openTab('Business Rules');

    await user.click(await screen.findByRole('button', { name: /New Rule/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Name'), 'Referrals');
    await user.clear(dialog.getByLabelText('Condition 1 field'));
    await user.type(dialog.getByLabelText('Task title'), 'Call them');
    await user.click(dialog.getByRole('button', { name: 'Create Rule' }));

    expect(await dialog.findByText('Condition 1: choose the field to test (e.g. source)')).toBeInTheDocument();
    expect(await dialog.findByText('Condition 1: enter the value to compare with')).toBeInTheDocument();
    expect(dialog.queryByText('A field')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/business-rules')).toHaveLength(0);
  });
});
