import { screen, waitFor, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { dashboardRoutes, employee } from '../../dashboard/__tests__/dashboardBackend';
import { menuConfig, widgetConfig } from './settingsBackend';

/** Highcharts cannot load in jsdom. */
jest.mock('highcharts', () => ({}));
jest.mock('highcharts/modules/accessibility', () => ({}));
jest.mock('highcharts-react-official', () => ({ __esModule: true, HighchartsReact: () => null }));

function sidebarEntries() {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('The shell follows the settings', () => {
  it("hides the entries the role's menu configuration hides", async () => {
    const api = mockApi({
      ...dashboardRoutes(),
      'GET /api/settings/menu-config/employee': { body: menuConfig('employee', ['calendar', 'quotes']) },
    });
    renderApp({ path: '/', signedInAs: employee });

    await waitFor(() => expect(sidebarEntries()).not.toContain('Calendar'));
    expect(sidebarEntries()).not.toContain('Quoting Tool');
    expect(sidebarEntries()).toContain('Lead Generation');
    expect(api.callsTo('GET /api/settings/menu-config/employee')).toHaveLength(1);
  });

  it('shows every allowed entry when the menu configuration cannot be read', async () => {
    mockApi({
      ...dashboardRoutes(),
      'GET /api/settings/menu-config/employee': { status: 500, body: { detail: 'down' } },
    });
    renderApp({ path: '/', signedInAs: employee });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(sidebarEntries()).toContain('Calendar'));
    expect(sidebarEntries()).not.toContain('Settings');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the company name from the branding in the header', async () => {
    const viewer = employeeUser({ role: 'viewer' });
    mockApi({
      ...dashboardRoutes({ me: { body: viewer } }),
      'GET /api/settings/branding': { body: { company_name: 'Globex Ltd' } },
    });
    renderApp({ path: '/', signedInAs: viewer });

    expect(await screen.findByText('Globex Ltd')).toBeInTheDocument();
    expect(screen.getByText('SIXA Business Suite')).toBeInTheDocument();
  });

  it("shows and orders the dashboard's widgets as the user's configuration says", async () => {
    mockApi({
      ...dashboardRoutes(),
      [`GET /api/settings/dashboard-widgets/${employee.id}`]: {
        body: widgetConfig(employee.id, [
          { key: 'quick_actions', visible: true },
          { key: 'insights', visible: true },
          { key: 'metrics', visible: false },
          { key: 'revenue_chart', visible: false },
          { key: 'activity', visible: true },
        ]),
      },
    });
    renderApp({ path: '/', signedInAs: employee });

    const quick = await screen.findByRole('heading', { name: 'Quick Actions' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.filter((h) => h !== 'Dashboard')).toEqual([
      'Quick Actions',
      'AI Insights & Recommendations',
      'Recent AI Activities',
    ]);
    expect(quick).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total Revenue' })).not.toBeInTheDocument();
  });
});
