import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { admin, buildSettingsUser, settingsRoutes } from './settingsBackend';

type View = ReturnType<typeof renderApp>;

/** Clicks the row's Reset Password and finds the spec's confirmation. */
async function askToReset(user: View['user'], fullName: string) {
  const row = (await screen.findByText(fullName)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Reset Password' }));
  const confirm = within(await screen.findByRole('dialog'));
  expect(confirm.getAllByText('Send password reset email to this user?').length).toBeGreaterThan(0);
  return confirm;
}

async function resetFromRow(fullName: string) {
  const view = renderApp({ path: '/settings', signedInAs: admin });
  return { ...view, confirm: await askToReset(view.user, fullName) };
}

describe('Settings › User Management › Reset Password', () => {
  it("sends the reset e-mail after the spec's confirmation (nothing when cancelled), and says where it went", async () => {
    const max = buildSettingsUser({ full_name: 'Max Manager', email: 'max@sixa.local' });
    const api = settingsRoutes(
      { users: [max] },
      {
        [`POST /api/settings/users/${max.id}/reset-password`]: {
          status: 202,
          body: {
            detail: 'A password reset e-mail was sent to max@sixa.local',
            email: max.email,
            expires_at: '2026-01-10T10:00:00.000Z',
          },
        },
      },
    );
    const { user, confirm: first } = await resetFromRow('Max Manager');
    await user.click(first.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/settings/users/${max.id}/reset-password`)).toHaveLength(0);

    const confirm = await askToReset(user, 'Max Manager');
    expect(confirm.getByText(/A link to choose a new password goes to max@sixa\.local/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('A password reset e-mail was sent to max@sixa.local')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/settings/users/${max.id}/reset-password`)).toHaveLength(1);
    expect(screen.queryByText(/not sent yet/)).not.toBeInTheDocument();
  });

  it("shows the server's reason when the e-mail is refused", async () => {
    const vera = buildSettingsUser({ full_name: 'Vera Viewer', is_active: false });
    settingsRoutes(
      { users: [vera] },
      {
        [`POST /api/settings/users/${vera.id}/reset-password`]: {
          status: 403,
          body: { detail: 'This account is deactivated: activate it before resetting its password' },
        },
      },
    );
    const { user, confirm } = await resetFromRow('Vera Viewer');

    await user.click(confirm.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('This account is deactivated: activate it before resetting its password'),
    ).toBeInTheDocument();
  });
});
