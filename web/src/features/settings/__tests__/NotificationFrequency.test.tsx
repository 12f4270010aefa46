import { screen, waitFor } from '@testing-library/react';
import type { SettingsUser } from '../settingsApi';
import { renderApp } from '../../../test/renderApp';
import { admin, buildSettingsUser, settingsRoutes } from './settingsBackend';

describe('Settings › User Management › notification e-mails', () => {
  it("shows each user's notification frequency and sets it for them", async () => {
    let max = buildSettingsUser({ full_name: 'Max Manager', notification_frequency: 'immediate' });
    const path = `PUT /api/settings/users/${max.id}/notification-frequency`;
    const api = settingsRoutes(
      { users: [max] },
      {
        'GET /api/settings/users': () => ({ body: [max] }),
        [path]: (call) => {
          max = { ...max, ...(call.body as Pick<SettingsUser, 'notification_frequency'>) };
          return { body: max };
        },
      },
    );
    const { user } = renderApp({ path: '/settings', signedInAs: admin });

    const select = await screen.findByRole('combobox', { name: 'Notification e-mails of Max Manager' });
    expect(screen.getByTitle('Immediately')).toBeInTheDocument();
    await user.click(select);
    const options = await screen.findAllByTitle('Daily digest');
    await user.click(options[options.length - 1]);

    expect(await screen.findByText('Max Manager gets notification e-mails: Daily digest')).toBeInTheDocument();
    expect(api.callsTo(path)[0]?.body).toEqual({ notification_frequency: 'daily' });
    // The list is read again: the row shows what the server now has.
    await waitFor(() => expect(api.callsTo('GET /api/settings/users').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's reason when the change is refused", async () => {
    const max = buildSettingsUser({ full_name: 'Max Manager' });
    settingsRoutes(
      { users: [max] },
      {
        [`PUT /api/settings/users/${max.id}/notification-frequency`]: {
          status: 404,
          body: { detail: 'User not found' },
        },
      },
    );
    const { user } = renderApp({ path: '/settings', signedInAs: admin });

    await user.click(await screen.findByRole('combobox', { name: 'Notification e-mails of Max Manager' }));
    const options = await screen.findAllByTitle('Weekly digest');
    await user.click(options[options.length - 1]);

    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });
});
