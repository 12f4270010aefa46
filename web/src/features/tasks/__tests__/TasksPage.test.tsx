import type { Task } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { adminUser, employeeUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildTask, tasksBackend } from './tasksBackend';

const admin = adminUser();
const employee = employeeUser();

const report = buildTask({
  title: 'Write the quarterly report',
  description: 'Numbers from finance, charts from sales',
  priority: 'high',
  status: 'pending',
  assigned_to: 'Grace Hopper',
  assignee_id: 'member-grace',
  due_date: '2020-03-01T17:00:00.000Z',
  tags: ['finance', 'q1'],
  created_by: employee.id,
});
const deploy = buildTask({
  title: 'Deploy the new gateway',
  priority: 'urgent',
  status: 'in_progress',
  due_date: '2099-05-01T17:00:00.000Z',
  created_by: admin.id,
});
const archive = buildTask({ title: 'Archive old leads', priority: 'low', status: 'completed', created_by: admin.id });

const grace = {
  id: 'member-grace',
  name: 'Grace Hopper',
  email: 'grace@sixa.local',
  department: 'Engineering' as const,
};
const alan = { id: 'member-alan', name: 'Alan Turing', email: 'alan@sixa.local', department: 'Product' as const };

async function openTasks(signedInAs = admin, firstShown = 'Archive old leads') {
  const view = renderApp({ path: '/tasks', signedInAs });
  // The first screen of the run compiles the app's chunks: more patience than the default.
  await screen.findByRole('article', { name: firstShown }, { timeout: 15_000 });
  return view;
}

const card = (title: string) => within(screen.getByRole('article', { name: title }));
const stat = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');

/** The open dialog with this title (ids are all 'test-id' under jest: match the title text). */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return within(dialog);
}

/** A suggestion in the assignee field's list (the listbox for screen readers repeats the name). */
async function pickSuggestion(user: UserEvent, name: string) {
  const items = await screen.findAllByText(name, { selector: '.ant-select-item-option span' });
  await user.click(items[items.length - 1]);
}

async function choose(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

describe('Tasks screen', () => {
  it('shows each task as a card: title, description, priority, status, assignee, due date (overdue marked), tags', async () => {
    tasksBackend([report, deploy, archive], admin);
    await openTasks();

    const r = card('Write the quarterly report');
    expect(r.getByText('Numbers from finance, charts from sales')).toBeInTheDocument();
    expect(r.getByText('High')).toBeInTheDocument();
    expect(r.getByText('Pending')).toBeInTheDocument();
    expect(r.getByText('Grace Hopper')).toBeInTheDocument();
    expect(r.getByText(/Due Mar 1, 2020/)).toBeInTheDocument();
    expect(r.getByText('Overdue')).toBeInTheDocument();
    expect(r.getByText('finance')).toBeInTheDocument();
    expect(r.getByText('q1')).toBeInTheDocument();

    const d = card('Deploy the new gateway');
    expect(d.getByText('Urgent')).toBeInTheDocument();
    expect(d.getByText('In Progress')).toBeInTheDocument();
    expect(d.getByText('Unassigned')).toBeInTheDocument();
    expect(d.queryByText('Overdue')).not.toBeInTheDocument();

    // The status step each card offers: Start, Complete, none once completed.
    expect(r.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(card('Archive old leads').queryByRole('button', { name: /Start|Complete/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows the stat cards and the tab counts from the server', async () => {
    tasksBackend([report, deploy, archive], admin);
    await openTasks();

    await waitFor(() => expect(stat('Total')).toHaveTextContent('3'));
    expect(stat('In Progress')).toHaveTextContent('1');
    expect(stat('Completed')).toHaveTextContent('1');
    expect(stat('Completion Rate')).toHaveTextContent('33%');
    expect(screen.getByRole('tab', { name: 'All (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'In Progress (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
  });

  it('asks the server for one status per tab, and says "No tasks found" when none has it', async () => {
    const backend = tasksBackend([deploy, archive], admin);
    const { user } = await openTasks();
    expect(Object.fromEntries(backend.listQueries[0])).toEqual({ limit: '60', sort: '-created_at' });

    await user.click(screen.getByRole('tab', { name: /In Progress/ }));
    await waitFor(() => expect(backend.listQueries.at(-1)?.get('status')).toBe('in_progress'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Archive old leads' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Deploy the new gateway' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    await waitFor(() => expect(backend.listQueries.at(-1)?.get('status')).toBe('pending'));
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
  });

  it('searches through the server as one types', async () => {
    const backend = tasksBackend([report, deploy, archive], admin);
    const { user } = await openTasks();

    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'gateway');
    await waitFor(() => expect(backend.listQueries.at(-1)?.get('q')).toBe('gateway'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Deploy the new gateway' })).toBeInTheDocument();
  });

  it('starts a pending task, then completes it, and the stats and counts follow', async () => {
    const backend = tasksBackend([report, deploy, archive], admin);
    backend.acceptUpdates();
    const { user } = await openTasks();
    await waitFor(() => expect(stat('Completion Rate')).toHaveTextContent('33%'));

    await user.click(card('Write the quarterly report').getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(card('Write the quarterly report').getByText('In Progress')).toBeInTheDocument());
    expect(backend.api.callsTo(`PUT /api/tasks/${report.id}`)[0]?.body).toEqual({ status: 'in_progress' });
    await waitFor(() => expect(stat('In Progress')).toHaveTextContent('2'));
    expect(screen.getByRole('tab', { name: 'Pending (0)' })).toBeInTheDocument();

    await user.click(card('Write the quarterly report').getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(stat('Completed')).toHaveTextContent('2'));
    expect(backend.api.callsTo(`PUT /api/tasks/${report.id}`)[1]?.body).toEqual({ status: 'completed' });
    expect(stat('Completion Rate')).toHaveTextContent('67%');
    expect(screen.getByRole('tab', { name: 'Completed (2)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        card('Write the quarterly report').queryByRole('button', { name: /Start|Complete/ }),
      ).not.toBeInTheDocument(),
    );
    // No longer open: no longer overdue.
    expect(card('Write the quarterly report').queryByText('Overdue')).not.toBeInTheDocument();
  });

  it("shows the server's reason when a status change is refused", async () => {
    const backend = tasksBackend([report], admin);
    backend.api.use({
      [`PUT /api/tasks/${report.id}`]: {
        status: 409,
        body: { detail: 'A completed task cannot become in progress (it is closed)' },
      },
    });
    const { user } = await openTasks(admin, 'Write the quarterly report');

    await user.click(card('Write the quarterly report').getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A completed task cannot become in progress (it is closed)',
    );
  });

  it('keeps Create Task disabled until a title is typed, and sends the chosen member, the due date as ISO and the tags', async () => {
    const backend = tasksBackend([archive], admin, [grace, alan]);
    const created = buildTask({
      title: 'Prepare the board deck',
      assigned_to: 'Alan Turing',
      assignee_id: 'member-alan',
      created_at: '2026-06-01T00:00:00.000Z',
    });
    backend.api.use({
      'POST /api/tasks': () => {
        backend.set([...backend.tasks, created]);
        return { status: 201, body: created };
      },
    });
    const { user } = await openTasks();

    await user.click(screen.getByRole('button', { name: /Create Task/ }));
    const dialog = await findDialog('Create New Task');
    const create = dialog.getByRole('button', { name: 'Create Task' });
    expect(create).toBeDisabled();
    await user.type(dialog.getByLabelText('Title'), '   ');
    await waitFor(() => expect(create).toBeDisabled());
    await user.clear(dialog.getByLabelText('Title'));
    await user.type(dialog.getByLabelText('Title'), 'Prepare the board deck');
    await waitFor(() => expect(create).toBeEnabled());

    await user.type(dialog.getByLabelText('Description'), 'Ten slides at most');
    await choose(user, dialog.getByLabelText('Priority'), 'Urgent');
    await user.type(dialog.getByLabelText('Assignee'), 'Tur');
    await pickSuggestion(user, 'Alan Turing');
    await waitFor(() => expect(dialog.getByLabelText('Assignee')).toHaveValue('Alan Turing'));
    expect(dialog.getByText('A member of the team')).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Due date'));
    await user.type(dialog.getByLabelText('Due date'), '2026-07-15{Enter}');
    // Enter took the day without submitting the form.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByLabelText('Due date')).toHaveValue('2026-07-15');
    await user.type(dialog.getByLabelText('Tags'), 'board{Enter}slides{Enter}');
    await user.click(create);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = backend.api.callsTo('POST /api/tasks')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      title: 'Prepare the board deck',
      description: 'Ten slides at most',
      priority: 'urgent',
      assigned_to: 'Alan Turing',
      assignee_id: 'member-alan',
      due_date: expect.any(String),
      tags: ['board', 'slides'],
    });
    // The end of the chosen day, local time, as ISO.
    const due = new Date(body.due_date as string);
    expect([due.getFullYear(), due.getMonth() + 1, due.getDate(), due.getHours(), due.getMinutes()]).toEqual([
      2026, 7, 15, 23, 59,
    ]);
    expect(body.due_date).toBe(due.toISOString());
    expect(await screen.findByRole('article', { name: 'Prepare the board deck' })).toBeInTheDocument();
    await waitFor(() => expect(stat('Total')).toHaveTextContent('2'));
  });

  it('sends a typed name with no member link, and no due date when none is picked', async () => {
    const backend = tasksBackend([archive], admin, [grace]);
    backend.api.use({ 'POST /api/tasks': (call) => ({ status: 201, body: buildTask(call.body as Partial<Task>) }) });
    const { user } = await openTasks();

    await user.click(screen.getByRole('button', { name: /Create Task/ }));
    const dialog = await findDialog('Create New Task');
    await user.type(dialog.getByLabelText('Title'), 'Call the caterer');
    // Chosen, then typed over: the link to the member goes.
    await user.type(dialog.getByLabelText('Assignee'), 'Gra');
    await pickSuggestion(user, 'Grace Hopper');
    await user.type(dialog.getByLabelText('Assignee'), ' (temp)');
    await user.click(dialog.getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(backend.api.callsTo('POST /api/tasks')).toHaveLength(1));
    expect(backend.api.callsTo('POST /api/tasks')[0].body).toEqual({
      title: 'Call the caterer',
      description: '',
      priority: 'medium',
      assigned_to: 'Grace Hopper (temp)',
      due_date: null,
      tags: [],
    });
  });

  it("shows the server's reason inside the form when creating fails, and keeps it open", async () => {
    const backend = tasksBackend([archive], admin);
    backend.api.use({ 'POST /api/tasks': { status: 400, body: { detail: 'title must be at most 200 characters' } } });
    const { user } = await openTasks();

    await user.click(screen.getByRole('button', { name: /Create Task/ }));
    const dialog = await findDialog('Create New Task');
    await user.type(dialog.getByLabelText('Title'), 'Too long, says the server');
    await user.click(dialog.getByRole('button', { name: 'Create Task' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('title must be at most 200 characters');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(dialog.getByLabelText('Title')).toHaveValue('Too long, says the server');
  });

  it('offers Edit and Delete only on tasks one created, to employees; admins on every task', async () => {
    tasksBackend([report, deploy], employee);
    const view = await openTasks(employee, 'Write the quarterly report');
    expect(
      card('Write the quarterly report').getByRole('button', { name: 'Edit Write the quarterly report' }),
    ).toBeInTheDocument();
    expect(card('Deploy the new gateway').queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    // Starting and completing are for anyone signed in.
    expect(card('Deploy the new gateway').getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    view.unmount();
    window.localStorage.clear();

    tasksBackend([report, deploy], admin);
    await openTasks(admin, 'Write the quarterly report');
    expect(card('Write the quarterly report').getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    expect(card('Deploy the new gateway').getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  it('edits a task with the revision it was opened on, and shows a 409 inside the form', async () => {
    const backend = tasksBackend([report], admin);
    backend.api.use({
      [`PUT /api/tasks/${report.id}`]: {
        status: 409,
        body: {
          detail:
            'This task was changed by someone else since you opened it (now revision 3); reload it and edit again',
        },
      },
    });
    const { user } = await openTasks(admin, 'Write the quarterly report');

    await user.click(card('Write the quarterly report').getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit Task');
    expect(dialog.getByLabelText('Title')).toHaveValue('Write the quarterly report');
    expect(dialog.getByLabelText('Assignee')).toHaveValue('Grace Hopper');
    expect(dialog.getByLabelText('Due date')).toHaveValue('2020-03-01');
    await user.clear(dialog.getByLabelText('Title'));
    await user.type(dialog.getByLabelText('Title'), 'Write the Q1 report');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('changed by someone else since you opened it');
    expect(backend.api.callsTo(`PUT /api/tasks/${report.id}`)[0]?.body).toEqual({
      title: 'Write the Q1 report',
      description: 'Numbers from finance, charts from sales',
      priority: 'high',
      assigned_to: 'Grace Hopper',
      assignee_id: 'member-grace',
      // The day was not changed: the exact due time stays.
      due_date: '2020-03-01T17:00:00.000Z',
      tags: ['finance', 'q1'],
    });
    expect(backend.api.callsTo(`PUT /api/tasks/${report.id}`)[0]?.headers.get('If-Match')).toBe(report.etag);
  });

  it('asks before deleting, then the card and the counts go', async () => {
    const backend = tasksBackend([report, deploy], admin);
    backend.acceptUpdates();
    const { user } = await openTasks(admin, 'Write the quarterly report');

    await user.click(card('Deploy the new gateway').getByRole('button', { name: /Delete/ }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(
      confirm.getByText('Are you sure you want to delete this task? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(backend.api.callsTo(`DELETE /api/tasks/${deploy.id}`)).toHaveLength(0);

    await user.click(card('Deploy the new gateway').getByRole('button', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Deploy the new gateway' })).not.toBeInTheDocument(),
    );
    expect(backend.api.callsTo(`DELETE /api/tasks/${deploy.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument());
  });

  it('shows 60 cards, then the next page from the cursor on "Load more"', async () => {
    const many = Array.from({ length: 65 }, (_, i) => buildTask({ title: `Chore ${String(i + 1).padStart(2, '0')}` }));
    const backend = tasksBackend(many, admin);
    const { user } = await openTasks(admin, 'Chore 65');

    expect(screen.getAllByRole('article')).toHaveLength(60);
    expect(screen.getByText('Showing 60 of 65 tasks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(65));
    expect(backend.listQueries.at(-1)?.get('after')).toBe(many[5].id);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows why the list could not be loaded, and loads it again on Retry', async () => {
    const backend = tasksBackend([archive], admin);
    let failing = true;
    const routed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (failing && new URL(request.url).pathname === '/api/tasks') {
        return new Response(JSON.stringify({ detail: 'Work service is restarting' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      return routed(request);
    }) as typeof fetch;
    const { user } = renderApp({ path: '/tasks', signedInAs: admin });

    expect(await screen.findByRole('alert')).toHaveTextContent('Work service is restarting');
    expect(screen.getByText('Tasks could not be loaded')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: 'Archive old leads' })).toBeInTheDocument();
    expect(backend.listQueries.length).toBeGreaterThan(0);
  });

  describe('opened from a link', () => {
    it('shows only the open tasks past their due date for /tasks?overdue=true, and removing Overdue shows them all', async () => {
      const late = buildTask({
        title: 'Call back the supplier',
        status: 'in_progress',
        due_date: '2020-01-10T09:00:00.000Z',
      });
      const doneLate = buildTask({
        title: 'Old finished job',
        status: 'completed',
        due_date: '2020-01-05T09:00:00.000Z',
      });
      const backend = tasksBackend([report, deploy, archive, late, doneLate], admin);
      const { user, location } = renderApp({ path: '/tasks?overdue=true', signedInAs: admin });

      expect(
        await screen.findByRole('article', { name: 'Call back the supplier' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Write the quarterly report' })).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'Old finished job' })).not.toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'Deploy the new gateway' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove filter Overdue' })).toBeVisible();
      expect(backend.listQueries[0]?.get('due_before')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Remove filter Overdue' }));
      expect(await screen.findByRole('article', { name: 'Deploy the new gateway' })).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Old finished job' })).toBeInTheDocument();
      expect(backend.listQueries.at(-1)?.get('due_before')).toBeNull();
      expect(location().search).toBe('');
    });

    it('opens the tab of /tasks?status=in_progress, and another tab takes it out of the address', async () => {
      tasksBackend([report, deploy, archive], admin);
      const { user, location } = renderApp({ path: '/tasks?status=in_progress', signedInAs: admin });

      expect(
        await screen.findByRole('article', { name: 'Deploy the new gateway' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: /In Progress/ })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('article', { name: 'Archive old leads' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('tab', { name: /All/ }));
      expect(await screen.findByRole('article', { name: 'Archive old leads' })).toBeInTheDocument();
      expect(location().search).toBe('');
    });

    it('outlines the task of /tasks?focus=<id> and opens its edit form for whoever may edit it', async () => {
      tasksBackend([report, deploy, archive], admin);
      renderApp({ path: `/tasks?focus=${deploy.id}`, signedInAs: admin });

      const dialog = await findDialog('Edit Task');
      expect(dialog.getByLabelText('Title')).toHaveValue('Deploy the new gateway');
      expect(screen.getByRole('article', { name: 'Deploy the new gateway', hidden: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
    });

    it('reads a linked task that the list does not hold and shows it first, outlined', async () => {
      tasksBackend([report, deploy, archive], employee);
      // Linked from another tab: the list of Completed tasks does not hold it.
      renderApp({ path: `/tasks?status=completed&focus=${deploy.id}`, signedInAs: employee });

      const linked = await screen.findByRole('article', { name: 'Deploy the new gateway' }, { timeout: 15_000 });
      expect(linked).toHaveAttribute('aria-current', 'true');
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('id'))[0]).toBe(`task-card-${deploy.id}`);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
