import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { adminUser, employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildMember, teamBackend } from './teamBackend';

const admin = adminUser();

const ada = buildMember({
  name: 'Ada Lovelace',
  email: 'ada@sixa.local',
  role: 'Lead Engineer',
  department: 'Engineering',
  is_online: true,
  last_seen_at: '2026-03-01T10:00:00.000Z',
  tasks_assigned: 5,
  tasks_completed: 3,
});
const grace = buildMember({
  name: 'Grace Hopper',
  email: 'grace@sixa.local',
  role: 'Account Executive',
  department: 'Sales',
  avatar_url: 'https://images.example.com/grace.png',
});
const linus = buildMember({ name: 'linus', email: 'linus@sixa.local', role: 'Support Agent', department: 'Support' });

async function openTeam(firstShown = 'Ada Lovelace') {
  const view = renderApp({ path: '/team', signedInAs: admin });
  // The first screen of the run compiles the app's chunks: more patience than the default.
  await screen.findByRole('article', { name: firstShown }, { timeout: 15_000 });
  return view;
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const stat = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');

async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return within(dialog);
}

async function choose(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

describe('Team screen', () => {
  it('shows each member: avatar or initials, name, role, department, e-mail, presence and task figures', async () => {
    teamBackend([ada, grace, linus], admin);
    await openTeam();

    const a = card('Ada Lovelace');
    expect(a.getByText('AL')).toBeInTheDocument();
    expect(a.getByText('Lead Engineer')).toBeInTheDocument();
    expect(a.getByText('Engineering')).toBeInTheDocument();
    expect(a.getByRole('link', { name: /ada@sixa.local/ })).toHaveAttribute('href', 'mailto:ada@sixa.local');
    expect(a.getByText('Online')).toBeInTheDocument();
    expect(a.getByText('5 assigned · 3 completed')).toBeInTheDocument();
    expect(a.getByText('60%')).toBeInTheDocument();

    const g = card('Grace Hopper');
    expect(g.getByAltText('Grace Hopper')).toHaveAttribute('src', 'https://images.example.com/grace.png');
    expect(g.getByText('Offline')).toBeInTheDocument();
    expect(g.getByText('0%')).toBeInTheDocument();
    // One word: one initial.
    expect(card('linus').getByText('L')).toBeInTheDocument();
  });

  it('shows the stat cards from the server', async () => {
    teamBackend([ada, grace, linus], admin);
    await openTeam();

    await waitFor(() => expect(stat('Total Members')).toHaveTextContent('3'));
    expect(stat('Online Now')).toHaveTextContent('1');
    expect(stat('Departments')).toHaveTextContent('3');
    expect(stat('Active Tasks')).toHaveTextContent('2');
  });

  it('filters by department with a tab each, with their counts', async () => {
    teamBackend([ada, grace, linus], admin);
    const { user } = await openTeam();

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'All (3)',
      'Sales (1)',
      'Marketing (0)',
      'Engineering (1)',
      'Product (0)',
      'Support (1)',
      'HR (0)',
      'Finance (0)',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Sales (1)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Grace Hopper' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Finance (0)' }));
    expect(await screen.findByText('No members in Finance')).toBeInTheDocument();
  });

  it('keeps Add Member disabled until name, email, role and department are filled, checks the e-mail, then adds', async () => {
    const backend = teamBackend([ada], admin);
    const added = buildMember({ name: 'Katherine Johnson', email: 'katherine@sixa.local', department: 'Product' });
    backend.api.use({
      'POST /api/team': () => {
        backend.set([...backend.members, added]);
        return { status: 201, body: added };
      },
    });
    const { user } = await openTeam();

    await user.click(screen.getByRole('button', { name: /Add Member/ }));
    const dialog = await findDialog('Add Team Member');
    const add = dialog.getByRole('button', { name: 'Add Member' });
    expect(add).toBeDisabled();
    await user.type(dialog.getByLabelText('Name'), 'Katherine Johnson');
    await user.type(dialog.getByLabelText('Email'), 'katherine');
    await user.type(dialog.getByLabelText('Role'), 'Data Scientist');
    expect(add).toBeDisabled();
    await choose(user, dialog.getByLabelText('Department'), 'Product');
    await waitFor(() => expect(add).toBeEnabled());
    await user.type(dialog.getByLabelText('Avatar URL'), 'not a link');
    await user.click(add);

    expect(await dialog.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a web address starting with http:// or https://')).toBeInTheDocument();
    expect(backend.api.callsTo('POST /api/team')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Email'), '@sixa.local');
    await user.clear(dialog.getByLabelText('Avatar URL'));
    await user.click(add);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.api.callsTo('POST /api/team')[0]?.body).toEqual({
      name: 'Katherine Johnson',
      email: 'katherine@sixa.local',
      role: 'Data Scientist',
      department: 'Product',
      avatar_url: null,
    });
    expect(await screen.findByRole('article', { name: 'Katherine Johnson' })).toBeInTheDocument();
    expect(card('Katherine Johnson').getByText('KJ')).toBeInTheDocument();
    await waitFor(() => expect(stat('Total Members')).toHaveTextContent('2'));
  });

  it("shows the server's detail inside the form when the e-mail is taken, and keeps it open", async () => {
    const backend = teamBackend([ada], admin);
    backend.api.use({
      'POST /api/team': { status: 409, body: { detail: 'A team member with the email ada@sixa.local already exists' } },
    });
    const { user } = await openTeam();

    await user.click(screen.getByRole('button', { name: /Add Member/ }));
    const dialog = await findDialog('Add Team Member');
    await user.type(dialog.getByLabelText('Name'), 'Ada Again');
    await user.type(dialog.getByLabelText('Email'), 'ada@sixa.local');
    await user.type(dialog.getByLabelText('Role'), 'Engineer');
    await choose(user, dialog.getByLabelText('Department'), 'Engineering');
    await user.click(dialog.getByRole('button', { name: 'Add Member' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A team member with the email ada@sixa.local already exists',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(dialog.getByLabelText('Name')).toHaveValue('Ada Again');
  });

  it('edits a member with the revision it was opened on', async () => {
    const backend = teamBackend([ada], admin);
    backend.api.use({
      [`PUT /api/team/${ada.id}`]: (call) => {
        const updated = { ...ada, ...(call.body as object), rev: 1 };
        backend.set([updated]);
        return { body: updated };
      },
    });
    const { user } = await openTeam();

    await user.click(card('Ada Lovelace').getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await findDialog('Edit Team Member');
    expect(dialog.getByLabelText('Email')).toHaveValue('ada@sixa.local');
    await user.clear(dialog.getByLabelText('Role'));
    await user.type(dialog.getByLabelText('Role'), 'Chief Engineer');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.api.callsTo(`PUT /api/team/${ada.id}`)[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@sixa.local',
      role: 'Chief Engineer',
      department: 'Engineering',
      avatar_url: null,
    });
    expect(backend.api.callsTo(`PUT /api/team/${ada.id}`)[0]?.headers.get('If-Match')).toBe(ada.etag);
    expect(await card('Ada Lovelace').findByText('Chief Engineer')).toBeInTheDocument();
  });

  it('asks before removing a member, then the card goes', async () => {
    const backend = teamBackend([ada, grace], admin);
    backend.api.use({
      [`DELETE /api/team/${grace.id}`]: () => {
        backend.set([ada]);
        return { status: 204 };
      },
    });
    const { user } = await openTeam();

    await user.click(card('Grace Hopper').getByRole('button', { name: 'Remove Grace Hopper' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getAllByText('Remove Grace Hopper from the team?')[0]).toBeInTheDocument();
    expect(confirm.getByText(/Their tasks keep the name they were assigned to/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Grace Hopper' })).not.toBeInTheDocument());
    expect(backend.api.callsTo(`DELETE /api/team/${grace.id}`)).toHaveLength(1);
    await waitFor(() => expect(stat('Total Members')).toHaveTextContent('1'));
  });

  it('shows why the team could not be loaded, and loads it again on Retry', async () => {
    const backend = teamBackend([ada], admin);
    backend.api.use({ 'GET /api/team': { status: 503, body: { detail: 'Work service is restarting' } } });
    const { user } = renderApp({ path: '/team', signedInAs: admin });

    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Work service is restarting');
    expect(screen.getByText('The team could not be loaded')).toBeInTheDocument();
    backend.api.use({ 'GET /api/team': () => ({ body: backend.members }) });
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('refuses employees without asking the server for the team', async () => {
    const backend = teamBackend([ada], employeeUser());
    renderApp({ path: '/team', signedInAs: employeeUser() });

    expect(await screen.findByText('Access Denied', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(backend.api.callsTo('GET /api/team')).toHaveLength(0);
  });
});
