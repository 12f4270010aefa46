import { READ_ONLY_ROLE_DETAIL } from '@sixa/contracts/browser';
import { screen, within } from '@testing-library/react';
import { adminUser, buildUser, employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildConnection, buildPlatform, integrationsBackend } from './integrationsBackend';

const admin = adminUser();
const employee = employeeUser();
const viewer = buildUser({ id: 'viewer-1', name: 'Vic Viewer', role: 'viewer' });
const ONLY_ADA = 'Only Ada Admin or an admin can change this connection';

const crm = buildPlatform({ id: 'p-crm', name: 'Sandbox CRM', auth_type: 'oauth2' });
const marketing = buildPlatform({ id: 'p-mkt', name: 'Sandbox Marketing', type: 'marketing', auth_type: 'api_key' });
const adminsConnection = buildConnection({
  platform_id: 'p-crm',
  platform_name: 'Sandbox CRM',
  connection_name: "Ada's CRM",
  user_id: admin.id,
  user_name: 'Ada Admin',
});
const employeesConnection = buildConnection({
  platform_id: 'p-mkt',
  platform_name: 'Sandbox Marketing',
  connection_name: "Eve's newsletter",
  user_id: employee.id,
  user_name: 'Eve Employee',
});

async function openConnections(as: typeof admin) {
  integrationsBackend(as, { platforms: [crm, marketing], connections: [adminsConnection, employeesConnection] });
  const view = renderApp({ path: '/integrations', signedInAs: as });
  await screen.findByRole('heading', { name: 'Integrations Hub' });
  await view.user.click(screen.getByRole('tab', { name: /My Connections/ }));
  await screen.findByText("Ada's CRM");
  return view;
}

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const CHANGES = [/Sync Now/, /Configure/, /Disconnect/];

afterEach(() => window.localStorage.clear());

describe("Someone else's integration connection", () => {
  it('is read-only to an employee, whose buttons say who may change it; their own stays theirs', async () => {
    await openConnections(employee);

    const adminsRow = rowOf("Ada's CRM");
    expect(adminsRow.getByText('Connected by Ada Admin')).toBeInTheDocument();
    for (const name of CHANGES) {
      const button = adminsRow.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(ONLY_ADA);
    }
    const ownRow = rowOf("Eve's newsletter");
    for (const name of CHANGES) expect(ownRow.getByRole('button', { name })).toBeEnabled();
  });

  it('cannot be disconnected from its platform card by an employee', async () => {
    const { user } = await openConnections(employee);
    await user.click(screen.getByRole('tab', { name: /Available Platforms/ }));

    const card = within(await screen.findByRole('article', { name: 'Sandbox CRM' }));
    const disconnect = card.getByRole('button', { name: 'Disconnect Sandbox CRM' });
    expect(disconnect).toBeDisabled();
    expect(disconnect).toHaveAccessibleDescription(ONLY_ADA);
    const own = within(screen.getByRole('article', { name: 'Sandbox Marketing' }));
    expect(own.getByRole('button', { name: 'Disconnect Sandbox Marketing' })).toBeEnabled();
  });

  it("is an admin's to change, whoever made it", async () => {
    await openConnections(admin);

    for (const text of ["Ada's CRM", "Eve's newsletter"]) {
      for (const name of CHANGES) expect(rowOf(text).getByRole('button', { name })).toBeEnabled();
    }
  });

  it('is read-only to a viewer, like every connection, with the reason', async () => {
    await openConnections(viewer);

    for (const text of ["Ada's CRM", "Eve's newsletter"]) {
      for (const name of [/Configure/, /Disconnect/]) {
        const button = rowOf(text).getByRole('button', { name });
        expect(button).toBeDisabled();
        expect(button).toHaveAccessibleDescription(READ_ONLY_ROLE_DETAIL);
      }
    }
    for (const name of ['Manual Sync', 'Initialize Sample Data']) {
      const button = screen.getByRole('button', { name: new RegExp(name) });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(READ_ONLY_ROLE_DETAIL);
    }
  });
});
