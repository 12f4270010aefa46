import type { User } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { adminUser, buildUser } from '../../../test/factories';
import { mockApi, type ApiCall } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const admin = adminUser({ last_login: '2025-02-01T08:00:00.000Z' });
const grace = buildUser({ id: 'u-grace', name: 'Grace Hopper', email: 'grace@sixa.local', role: 'employee' });
const linus = buildUser({
  id: 'u-linus',
  name: 'Linus Torvalds',
  email: 'linus@sixa.local',
  role: 'admin',
  is_active: false,
});

/** A users endpoint backed by a list the handlers change, like the server would. */
function usersBackend(initial: User[]) {
  let users = [...initial];
  const api = mockApi({
    'GET /api/auth/me': { body: admin },
    'GET /api/users': () => ({ body: users }),
  });
  return {
    api,
    set(next: User[]) {
      users = next;
    },
    get users() {
      return users;
    },
  };
}

async function openUsers({ strict = true } = {}) {
  const view = renderApp({ path: '/users', signedInAs: admin, strict });
  await screen.findByRole('cell', { name: /Grace Hopper/ });
  return view;
}

/**
 * The open dialog with this title. (rc-util gives every generated id the value 'test-id' under
 * jest, so aria-labelledby cannot name dialogs here: match the title text instead.)
 */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return within(dialog);
}

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name: new RegExp(name) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

describe('Users screen', () => {
  it('lists the users from the API with their role, status and last login', async () => {
    usersBackend([admin, grace, linus]);
    await openUsers();

    const graceRow = rowOf('Grace Hopper');
    expect(graceRow.getByText('grace@sixa.local')).toBeInTheDocument();
    expect(graceRow.getByText('Employee')).toBeInTheDocument();
    expect(graceRow.getByText('Active')).toBeInTheDocument();
    expect(graceRow.getByText('Never')).toBeInTheDocument();
    expect(graceRow.getByRole('button', { name: 'Deactivate' })).toBeEnabled();

    const linusRow = rowOf('Linus Torvalds');
    expect(linusRow.getByText('Admin')).toBeInTheDocument();
    expect(linusRow.getByText('Inactive')).toBeInTheDocument();
    expect(linusRow.getByRole('button', { name: 'Activate' })).toBeEnabled();

    const stat = (title: string) => screen.getByText(title).closest('.ant-statistic');
    expect(stat('Total Users')).toHaveTextContent('3');
    expect(stat('Active Users')).toHaveTextContent('2');
    expect(stat('Admins')).toHaveTextContent('2');
    expect(stat('Employees')).toHaveTextContent('1');
  });

  it('filters by name or email as the admin types, and by role', async () => {
    usersBackend([admin, grace, linus]);
    const { user } = await openUsers();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'LINUS@');
    expect(screen.getByRole('cell', { name: /Linus Torvalds/ })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /Grace Hopper/ })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(screen.getByText('No users match your search')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.click(screen.getByRole('combobox', { name: 'Access level filter' }));
    // The dropdown's items (the a11y listbox only mirrors the active one's neighbours).
    await user.click(await screen.findByTitle('Employee'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: /Linus Torvalds/ })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: /Grace Hopper/ })).toBeInTheDocument();
  });

  it('keeps Create User disabled until name, email and password are filled, then adds the user', async () => {
    const backend = usersBackend([admin, grace]);
    const created = buildUser({ id: 'u-new', name: 'Margaret Hamilton', email: 'margaret@sixa.local' });
    backend.api.use({
      'POST /api/users': () => {
        backend.set([...backend.users, created]);
        return { status: 201, body: created };
      },
    });
    const { user } = await openUsers();

    await user.click(screen.getByRole('button', { name: /Add User/ }));
    const dialog = await findDialog('Add New User');
    const create = dialog.getByRole('button', { name: 'Create User' });
    expect(create).toBeDisabled();

    await user.type(dialog.getByLabelText('Name'), 'Margaret Hamilton');
    await user.type(dialog.getByLabelText('Email'), 'margaret@sixa.local');
    expect(create).toBeDisabled();
    await user.type(dialog.getByLabelText('Password'), 'Apollo1969!');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    // The message first: it leaves after 3 s, and the list may take longer to come back.
    expect(await screen.findByText('Margaret Hamilton was added')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: /Margaret Hamilton/ })).toBeInTheDocument();
    expect(backend.api.callsTo('POST /api/users')[0]?.body).toEqual({
      name: 'Margaret Hamilton',
      email: 'margaret@sixa.local',
      password: 'Apollo1969!',
      role: 'employee',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("leaves the password to the server's policy and shows the rule it names in the form", async () => {
    const backend = usersBackend([admin, grace]);
    backend.api.use({
      'POST /api/users': { status: 400, body: { detail: 'The password needs at least 12 characters' } },
    });
    const { user } = await openUsers();

    await user.click(screen.getByRole('button', { name: /Add User/ }));
    const dialog = await findDialog('Add New User');
    await user.type(dialog.getByLabelText('Name'), 'Short Pass');
    await user.type(dialog.getByLabelText('Email'), 'short@sixa.local');
    await user.type(dialog.getByLabelText('Password'), 'abc');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Create User' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: 'Create User' }));

    expect(await dialog.findByText('The password needs at least 12 characters')).toBeInTheDocument();
    expect(backend.api.callsTo('POST /api/users')).toHaveLength(1);
  });

  it("shows the server's detail when creating fails, and keeps the form open", async () => {
    const backend = usersBackend([admin, grace]);
    backend.api.use({ 'POST /api/users': { status: 409, body: { detail: 'A user with this email already exists' } } });
    const { user } = await openUsers();

    await user.click(screen.getByRole('button', { name: /Add User/ }));
    const dialog = await findDialog('Add New User');
    await user.type(dialog.getByLabelText('Name'), 'Grace Again');
    await user.type(dialog.getByLabelText('Email'), 'grace@sixa.local');
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Create User' })).toBeEnabled());
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists');
    expect(within(screen.getByRole('dialog')).getByText('Add New User')).toBeInTheDocument();
  });

  it('falls back to "Error updating user status" when toggling fails without detail', async () => {
    const backend = usersBackend([admin, grace]);
    backend.api.use({ 'PATCH /api/users/u-grace/toggle-status': { status: 500 } });
    const { user } = await openUsers();

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating user status');
  });

  it('deactivates a user and shows the new status', async () => {
    const backend = usersBackend([admin, grace]);
    backend.api.use({
      'PATCH /api/users/u-grace/toggle-status': () => {
        backend.set([admin, { ...grace, is_active: false }]);
        return { body: { id: 'u-grace', is_active: false } };
      },
    });
    const { user } = await openUsers();

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Deactivate' }));

    expect(await rowOf('Grace Hopper').findByText('Inactive')).toBeInTheDocument();
    expect(rowOf('Grace Hopper').getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('asks for the exact confirmation before deleting, then removes the row', async () => {
    const backend = usersBackend([admin, grace]);
    backend.api.use({
      'DELETE /api/users/u-grace': () => {
        backend.set([admin]);
        return { status: 204 };
      },
    });
    const { user } = await openUsers();

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(
      confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(backend.api.callsTo('DELETE /api/users/u-grace')).toHaveLength(0);

    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('cell', { name: /Grace Hopper/ })).not.toBeInTheDocument());
    expect(backend.api.callsTo('DELETE /api/users/u-grace')).toHaveLength(1);
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const backend = usersBackend([admin, grace]);
    const { user } = await openUsers();

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.api.callsTo('DELETE /api/users/u-grace')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: /Grace Hopper/ })).toBeInTheDocument();
  });

  it('disables deactivating and deleting yourself', async () => {
    usersBackend([admin, grace]);
    await openUsers();

    const me = rowOf('Ada Admin');
    expect(me.getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(me.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(me.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('locks the role when editing yourself and sends only name and email', async () => {
    const backend = usersBackend([admin, grace]);
    let sent: ApiCall | undefined;
    backend.api.use({
      'PUT /api/users/admin-1': (call) => {
        sent = call;
        const updated = { ...admin, name: 'Ada Lovelace' };
        backend.set([updated, grace]);
        return { body: updated };
      },
    });
    const { user } = await openUsers();

    await user.click(rowOf('Ada Admin').getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit User');
    expect(dialog.getByLabelText('Role')).toBeDisabled();
    expect(dialog.getByLabelText('Name')).toHaveValue('Ada Admin');

    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Ada Lovelace');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('cell', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(sent?.body).toEqual({ name: 'Ada Lovelace', email: 'admin@sixa.local' });
    // The header follows the signed-in user's new name.
    expect(within(screen.getByRole('banner')).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it("sends another user's role, and a new password only when one is typed", async () => {
    const backend = usersBackend([admin, grace]);
    const bodies: unknown[] = [];
    backend.api.use({
      'PUT /api/users/u-grace': (call) => {
        bodies.push(call.body);
        return { body: grace };
      },
    });
    const { user } = await openUsers();

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Edit' }));
    let dialog = await findDialog('Edit User');
    expect(dialog.getByLabelText('Role')).toBeEnabled();
    await user.type(dialog.getByLabelText('Password'), 'NewPassword1!');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Edit' }));
    dialog = await findDialog('Edit User');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(2));

    expect(bodies).toEqual([
      { name: 'Grace Hopper', email: 'grace@sixa.local', role: 'employee', password: 'NewPassword1!' },
      { name: 'Grace Hopper', email: 'grace@sixa.local', role: 'employee' },
    ]);
  });

  it.each([
    ['Cancel', 'Cancel'],
    ['the x button', 'Close'],
    ['Esc', 'Escape'],
  ])('shows the next user edited after an edit closed by %s, and saves to that user only', async (_how, closer) => {
    const backend = usersBackend([admin, grace, { ...linus, is_active: true }]);
    const saved: ApiCall[] = [];
    backend.api.use({
      'PUT /api/users/u-linus': (call) => {
        saved.push(call);
        return { body: linus };
      },
    });
    const { user } = await openUsers({ strict: false });

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Edit' }));
    let dialog = await findDialog('Edit User');
    expect(dialog.getByLabelText('Name')).toHaveValue('Grace Hopper');
    await user.type(dialog.getByLabelText('Name'), ' (typed)');
    if (closer === 'Escape') await user.keyboard('{Escape}');
    else await user.click(dialog.getByRole('button', { name: closer }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(rowOf('Linus Torvalds').getByRole('button', { name: 'Edit' }));
    dialog = await findDialog('Edit User');
    expect(dialog.getByLabelText('Name')).toHaveValue('Linus Torvalds');
    expect(dialog.getByLabelText('Email')).toHaveValue('linus@sixa.local');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ name: 'Linus Torvalds', email: 'linus@sixa.local', role: 'admin' });
    expect(backend.api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('opens Add User empty after a user was edited and saved', async () => {
    const backend = usersBackend([admin, grace]);
    backend.api.use({ 'PUT /api/users/u-grace': { body: grace } });
    const { user } = await openUsers({ strict: false });

    await user.click(rowOf('Grace Hopper').getByRole('button', { name: 'Edit' }));
    let dialog = await findDialog('Edit User');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Add User/ }));
    dialog = await findDialog('Add New User');
    expect(dialog.getByLabelText('Name')).toHaveValue('');
    expect(dialog.getByLabelText('Email')).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Create User' })).toBeDisabled();
  });

  it('shows why the list could not be loaded, and loads it again on Retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/auth/me': { body: admin },
      'GET /api/users': () =>
        fail ? { status: 503, body: { detail: 'User service is restarting' } } : { body: [admin, grace] },
    });
    const { user } = renderApp({ path: '/users', signedInAs: admin });

    expect(await screen.findByRole('alert')).toHaveTextContent('User service is restarting');
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));

    expect(await screen.findByRole('cell', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no other users to list', async () => {
    mockApi({ 'GET /api/auth/me': { body: admin }, 'GET /api/users': { body: [] } });
    renderApp({ path: '/users', signedInAs: admin });

    expect(await screen.findByText('No users yet')).toBeInTheDocument();
  });
});
