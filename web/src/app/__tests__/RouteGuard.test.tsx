import { READ_ONLY_ROLE_DETAIL } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { menuConfig } from '../../features/settings/__tests__/settingsBackend';
import { adminUser, buildUser, employeeUser } from '../../test/factories';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const admin = adminUser();
const employee = employeeUser();

const ALL_ENTRIES = [
  'Dashboard',
  'Lead Generation',
  'Quoting Tool',
  'Document Center',
  'Integrations Hub',
  'Task Management',
  'Workflow Automation',
  'Team Management',
  'User Management',
  'Calendar',
  'Network Monitoring',
  'Settings',
];
const ADMIN_ONLY = ['Team Management', 'User Management', 'Settings'];

function sidebarEntries() {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('RouteGuard', () => {
  it('shows an admin the admin-only screen and every sidebar entry, in order', async () => {
    mockApi({ 'GET /api/auth/me': { body: admin }, 'GET /api/users': { body: [admin] } });
    renderApp({ path: '/users', signedInAs: admin });

    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(sidebarEntries()).toEqual(ALL_ENTRIES);
  });

  it('refuses an employee on the Users route with its own message', async () => {
    const api = mockApi({ 'GET /api/auth/me': { body: employee } });
    renderApp({ path: '/users', signedInAs: employee });

    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access user management.")).toBeInTheDocument();
    expect(api.callsTo('GET /api/users')).toHaveLength(0);
  });

  it.each(['/team', '/settings'])('refuses an employee on %s with the general message', async (path) => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    renderApp({ path, signedInAs: employee });

    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this feature.")).toBeInTheDocument();
  });

  it('does not open a screen turned off for the role by its address, and says so', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: employee },
      'GET /api/settings/menu-config/employee': { body: menuConfig('employee', ['calendar']) },
    });
    renderApp({ path: '/calendar', signedInAs: employee });

    expect(
      await screen.findByRole('heading', { name: 'Calendar is turned off for the Employee role' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Settings › UI Customization/)).toBeInTheDocument();
    expect(api.callsTo('GET /api/calendar/events')).toHaveLength(0);
    expect(sidebarEntries()).not.toContain('Calendar');
  });

  it('opens the screens the role keeps', async () => {
    mockApi({
      'GET /api/auth/me': { body: employee },
      'GET /api/settings/menu-config/employee': { body: menuConfig('employee', ['calendar']) },
    });
    renderApp({ path: '/integrations', signedInAs: employee });

    expect(await screen.findByRole('heading', { name: 'Integrations Hub' })).toBeInTheDocument();
  });

  it('shows a viewer every screen of its level, read-only, and says so', async () => {
    const viewer = buildUser({ role: 'viewer', name: 'Vic Viewer' });
    mockApi({ 'GET /api/auth/me': { body: viewer } });
    renderApp({ path: '/integrations', signedInAs: viewer });

    expect(await screen.findByRole('heading', { name: 'Integrations Hub' })).toBeInTheDocument();
    expect(screen.getByText('Read-only access')).toBeInTheDocument();
    expect(
      screen.getByText(/Every screen of the role opens; its buttons for changes are turned off/),
    ).toHaveTextContent(READ_ONLY_ROLE_DETAIL);
    expect(sidebarEntries()).toEqual(ALL_ENTRIES.filter((label) => !ADMIN_ONLY.includes(label)));
  });

  it('hides admin-only entries from an employee', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    renderApp({ path: '/', signedInAs: employee });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sidebarEntries()).toEqual(ALL_ENTRIES.filter((label) => !ADMIN_ONLY.includes(label)));
  });
});

describe('Main layout', () => {
  it("shows the suite title, the AI badge, the user, and a screen's service being down as its detail", async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    renderApp({ path: '/integrations', signedInAs: employee });

    expect(await screen.findByRole('heading', { name: 'Integrations Hub' })).toBeInTheDocument();
    // The integrations service answers 503 here: the screen says so rather than pretending.
    expect((await screen.findAllByText('This service is not available yet')).length).toBeGreaterThan(0);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('SIXA Business Suite')).toBeInTheDocument();
    expect(within(header).getByText('AI Active')).toBeInTheDocument();
    expect(within(header).getByText('Eve Employee')).toBeInTheDocument();
    expect(within(header).getByText('E')).toBeInTheDocument();
    expect(screen.getByText('employee@sixa.local')).toBeInTheDocument();
  });

  it('collapses the sidebar, hiding the user card', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    const { user } = renderApp({ path: '/', signedInAs: employee });

    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(screen.queryByText('employee@sixa.local')).not.toBeInTheDocument();
  });

  it('toggles dark mode on the whole document', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    const { user } = renderApp({ path: '/', signedInAs: employee });

    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("starts in the user's stored theme and saves a new choice on their profile, not in local storage", async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: employee },
      'GET /api/auth/me/preferences': { body: { theme: 'dark' } },
      'PUT /api/auth/me/preferences': (call) => ({ body: call.body }),
    });
    const { user } = renderApp({ path: '/', signedInAs: employee });

    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));

    expect(document.documentElement).not.toHaveClass('dark');
    await waitFor(() => expect(api.callsTo('PUT /api/auth/me/preferences')).toHaveLength(1));
    expect(api.callsTo('PUT /api/auth/me/preferences')[0]?.body).toEqual({ theme: 'light' });
    expect(Object.keys(window.localStorage).sort()).toEqual(['sixa.token', 'sixa.user']);
  });

  it('says so, under the header, when the choice cannot be saved', async () => {
    mockApi({
      'GET /api/auth/me': { body: employee },
      'PUT /api/auth/me/preferences': { status: 500, body: { detail: 'Internal server error' } },
    });
    const { user } = renderApp({ path: '/', signedInAs: employee });

    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));

    const notices = await screen.findByRole('region', { name: 'Notices' });
    expect(within(notices).getByRole('alert')).toHaveTextContent('Internal server error');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('shows a not-found page for unknown addresses', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    renderApp({ path: '/no-such-page', signedInAs: employee });

    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('returns to the login screen when a protected call answers 401', async () => {
    mockApi({
      'GET /api/auth/me': { body: admin },
      'GET /api/users': { status: 401, body: { detail: 'Token has been revoked' } },
    });
    renderApp({ path: '/users', signedInAs: admin });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('sixa.token')).toBeNull();
  });
});
