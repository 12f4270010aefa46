import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { admin, menuConfig, settingsRoutes } from './settingsBackend';

async function openMenuConfiguration(role: string) {
  const view = renderApp({ path: '/settings', signedInAs: admin });
  await screen.findByRole('heading', { name: 'Settings & Configuration' });
  await view.user.click(screen.getByRole('tab', { name: 'UI Customization' }));
  // The editor opens on the Admin role.
  if (role !== 'Admin') {
    await view.user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await view.user.click(await screen.findByTitle(role));
  }
  return view;
}

const ADMIN_ONLY = ['Team Management', 'User Management', 'Settings'];

describe('UI Customization › Menu Configuration', () => {
  it('shows the admin-only screens locked for a non-admin role, saying why', async () => {
    settingsRoutes({}, { 'GET /api/settings/menu-config/employee': { body: menuConfig('employee') } });
    await openMenuConfiguration('Employee');

    for (const label of ADMIN_ONLY) {
      const toggle = await screen.findByRole('switch', { name: `Show ${label}` });
      expect(toggle).toBeDisabled();
      expect(toggle).not.toBeChecked();
      expect(toggle).toHaveAccessibleDescription(`Admin only: the Employee role cannot open ${label}`);
    }
    const calendar = screen.getByRole('switch', { name: 'Show Calendar' });
    expect(calendar).toBeEnabled();
    expect(calendar).toBeChecked();
  });

  it('never saves an admin-only screen as shown for a non-admin role, even when it was stored so', async () => {
    const api = settingsRoutes(
      {},
      {
        // Stored before the locks: every entry shown.
        'GET /api/settings/menu-config/manager': { body: menuConfig('manager') },
        'PUT /api/settings/menu-config/manager': ({ body }) => ({ body: { role: 'manager', ...(body as object) } }),
      },
    );
    const { user } = await openMenuConfiguration('Manager');
    await screen.findByRole('switch', { name: 'Show Team Management' });
    await user.click(screen.getByRole('button', { name: 'Save Menu' }));

    await waitFor(() => expect(api.callsTo('PUT /api/settings/menu-config/manager')).toHaveLength(1));
    const { items } = api.callsTo('PUT /api/settings/menu-config/manager')[0]?.body as {
      items: Array<{ key: string; visible: boolean }>;
    };
    expect(items.filter((i) => !i.visible).map((i) => i.key)).toEqual(['team', 'users', 'settings']);
  });

  it('leaves every screen to choose for the admin role', async () => {
    settingsRoutes({}, { 'GET /api/settings/menu-config/admin': { body: menuConfig('admin') } });
    await openMenuConfiguration('Admin');

    for (const label of ADMIN_ONLY) expect(await screen.findByRole('switch', { name: `Show ${label}` })).toBeEnabled();
  });
});
