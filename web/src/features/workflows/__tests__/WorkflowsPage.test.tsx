import type { Workflow } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { adminUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { NO_STEPS_TEXT } from '../StepEditor';
import { buildRun, buildWorkflow, workflowsBackend } from './workflowsBackend';

const admin = adminUser();

const referrals = buildWorkflow({
  name: 'Follow up referrals',
  description: 'Call every referred lead the same day',
  trigger: {
    type: 'event',
    event_type: 'lead.created',
    conditions: [{ field: 'lead.source', op: 'eq', value: 'Referral' }],
  },
  steps: [
    { action: 'create_task', description: '', delay: 0, params: { title: 'Call {{lead.name}}' } },
    { action: 'set_lead_status', description: '', delay: 2, params: { lead_id: '{{lead.id}}', status: 'contacted' } },
  ],
  status: 'completed',
  executions: 4,
  succeeded: 3,
  failed: 1,
  success_rate: 75,
});
const nightly = buildWorkflow({
  name: 'Nightly digest',
  trigger: { type: 'schedule', cron: '0 2 * * *', time_zone: 'UTC' },
  next_fire_at: '2026-01-03T02:00:00.000Z',
  status: 'paused',
  enabled: false,
});

async function openWorkflows(workflows: Workflow[], first = 'Follow up referrals', path = '/workflows') {
  const backend = workflowsBackend(workflows, admin);
  const view = renderApp({ path, signedInAs: admin });
  // The first screen of the run compiles the app's chunks: more patience than the default.
  if (first) await screen.findByRole('article', { name: first }, { timeout: 15_000 });
  return { ...view, backend };
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const stat = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');

async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' })[0],
  ).toBeInTheDocument();
  return within(dialog);
}

describe('Workflows screen', () => {
  it('shows the stat cards and each workflow: trigger, steps, status, executions and success rate', async () => {
    await openWorkflows([referrals, nightly]);

    await waitFor(() => expect(stat('Total Workflows')).toHaveTextContent('2'));
    expect(stat('Active')).toHaveTextContent('1');
    expect(stat('Total Executions')).toHaveTextContent('4');
    expect(stat('Avg Success Rate')).toHaveTextContent('75%');

    const r = card('Follow up referrals');
    expect(r.getByText('Call every referred lead the same day')).toBeInTheDocument();
    expect(r.getByText(/When lead.created where source = Referral/)).toBeInTheDocument();
    expect(r.getByText(/2 steps/)).toBeInTheDocument();
    expect(r.getByText('Last run succeeded')).toBeInTheDocument();
    expect(r.getByText('4')).toBeInTheDocument();
    expect(r.getByText('75%')).toBeInTheDocument();
    expect(r.getByRole('button', { name: /Pause/ })).toBeInTheDocument();

    const n = card('Nightly digest');
    expect(n.getByText(/Schedule: 0 2 \* \* \* \(UTC\)/)).toBeInTheDocument();
    expect(n.getByText('Paused')).toBeInTheDocument();
    // Paused: no next run announced.
    expect(n.queryByText(/Next run/)).not.toBeInTheDocument();
    expect(n.getByRole('button', { name: /Execute/ })).toBeDisabled();
    expect(n.getByRole('button', { name: /Resume/ })).toBeInTheDocument();
  });

  it('builds a workflow in the editor: disabled without a name and a step, then sends the trigger and the steps', async () => {
    const { backend, user } = await openWorkflows([], '');
    expect(await screen.findByText(/No workflows yet/, {}, { timeout: 15_000 })).toBeInTheDocument();
    backend.api.use({
      'POST /api/workflows': (call) => {
        const created = buildWorkflow({ ...(call.body as Partial<Workflow>), id: 'wf-new' });
        backend.state.workflows = [created];
        return { status: 201, body: created };
      },
    });

    await user.click(screen.getAllByRole('button', { name: /Create Workflow/ })[0]);
    const dialog = await findDialog('Create Workflow');
    const submit = () => dialog.getByRole('button', { name: 'Create Workflow' });
    expect(dialog.getByText(NO_STEPS_TEXT)).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(dialog.getByLabelText('Name'), 'Welcome referrals');
    expect(submit()).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: /Add Step/ }));
    expect(dialog.queryByText(NO_STEPS_TEXT)).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Task title'), 'Call {{{{lead.name}}');
    await user.click(dialog.getByRole('button', { name: /Add Step/ }));
    // The second step waits; then it is moved first, and back.
    const actions = dialog.getAllByRole('combobox', { name: 'Action' });
    await user.click(actions[1]);
    const waitOptions = await screen.findAllByTitle('Wait');
    await user.click(waitOptions[waitOptions.length - 1]);
    await user.clear(await dialog.findByLabelText('Wait (seconds)'));
    await user.type(dialog.getByLabelText('Wait (seconds)'), '5');
    await user.click(dialog.getByRole('button', { name: 'Move step 2 up' }));
    await user.click(dialog.getByRole('radio', { name: 'Event' }));
    await user.click(await dialog.findByRole('button', { name: /Add Condition/ }));
    await user.type(dialog.getByLabelText('Condition 1 field'), 'lead.source');
    await user.type(dialog.getByLabelText('Condition 1 value'), 'Referral');

    expect(submit()).toBeEnabled();
    await user.click(submit());
    await waitFor(() => expect(backend.api.callsTo('POST /api/workflows')).toHaveLength(1));
    expect(backend.api.callsTo('POST /api/workflows')[0].body).toEqual({
      name: 'Welcome referrals',
      description: '',
      trigger: {
        type: 'event',
        event_type: 'lead.created',
        conditions: [{ field: 'lead.source', op: 'eq', value: 'Referral' }],
      },
      steps: [
        { action: 'wait', description: '', delay: 0, params: { seconds: 5 } },
        {
          action: 'create_task',
          description: '',
          delay: 0,
          params: { title: 'Call {{lead.name}}', priority: 'medium' },
        },
      ],
    });
    expect(await screen.findByRole('article', { name: 'Welcome referrals' })).toBeInTheDocument();
  });

  it("shows the server's 400 detail inside the form, which stays open", async () => {
    const { backend, user } = await openWorkflows([referrals]);
    backend.api.use({
      'POST /api/workflows': { status: 400, body: { detail: 'steps[0]: create_task needs a title' } },
    });
    await user.click(screen.getByRole('button', { name: /Create Workflow/ }));
    const dialog = await findDialog('Create Workflow');
    await user.type(dialog.getByLabelText('Name'), 'Broken');
    await user.click(dialog.getByRole('button', { name: /Add Step/ }));
    await user.click(dialog.getByRole('radio', { name: 'Manual' }));
    // The title is required by the form too: send a placeholder the server refuses instead.
    await user.type(dialog.getByLabelText('Task title'), '{{{{missing}}');
    await user.click(dialog.getByRole('button', { name: 'Create Workflow' }));
    expect(await dialog.findByText('steps[0]: create_task needs a title')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('executes: Running… for 3 seconds, the list reloaded, then the run’s result from polling', async () => {
    const { backend, user } = await openWorkflows([referrals]);
    const run = buildRun(referrals);
    let polls = 0;
    backend.api.use({
      [`POST /api/workflows/${referrals.id}/execute`]: { status: 202, body: run },
      [`GET /api/workflows/runs/${run.id}`]: () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? run
              : {
                  ...run,
                  status: 'succeeded',
                  ended_at: new Date().toISOString(),
                  steps: run.steps.map((s) => ({ ...s, status: 'succeeded', attempts: 1 })),
                },
        };
      },
    });
    const listCalls = () => backend.api.calls.filter((c) => c.path.startsWith('/api/workflows?')).length;
    const before = listCalls();

    await user.click(card('Follow up referrals').getByRole('button', { name: /Execute/ }));
    expect(await card('Follow up referrals').findByRole('button', { name: /Running…/ })).toBeInTheDocument();
    expect(card('Follow up referrals').getByText('Running…', { selector: '.ant-tag' })).toBeInTheDocument();
    await waitFor(() => expect(card('Follow up referrals').getByRole('button', { name: /Execute/ })).toBeEnabled(), {
      timeout: 5000,
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(
      await card('Follow up referrals').findByText('Run succeeded (2/2 steps)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 20_000);

  it('opens the run history: each run, and expanded, its steps with attempts and errors', async () => {
    const { backend, user } = await openWorkflows([referrals]);
    backend.runsOf(referrals, [
      buildRun(referrals, {
        status: 'failed',
        error: 'set_lead_status: lead not found',
        started_at: '2026-01-02T09:00:00.000Z',
        ended_at: '2026-01-02T09:00:02.500Z',
        steps: [
          { ...buildRun(referrals).steps[0], status: 'succeeded', attempts: 1 },
          { ...buildRun(referrals).steps[1], status: 'failed', attempts: 4, error: 'lead not found' },
        ],
      }),
    ]);

    await user.click(card('Follow up referrals').getByRole('button', { name: /History/ }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('Failed')).toBeInTheDocument();
    expect(drawer.getByText(/2.5 s/)).toBeInTheDocument();
    await user.click(drawer.getByText('Manual'));
    const steps = within(await drawer.findByRole('list', { name: 'Run steps' }));
    expect(steps.getByText('Create task')).toBeInTheDocument();
    expect(steps.getByText('Set lead status')).toBeInTheDocument();
    expect(steps.getByText(/4 attempts/)).toBeInTheDocument();
    expect(steps.getByText('lead not found')).toBeInTheDocument();
  });

  it('edits a workflow: the editor opens with its trigger and steps, and saves them with the revision it saw', async () => {
    const { backend, user } = await openWorkflows([{ ...referrals, rev: 3 }]);
    backend.api.use({
      [`PUT /api/workflows/${referrals.id}`]: (call) => {
        const saved = { ...backend.state.workflows[0], ...(call.body as Partial<Workflow>), rev: 4 };
        backend.state.workflows = [saved];
        return { body: saved };
      },
    });

    await user.click(card('Follow up referrals').getByRole('button', { name: 'Edit Follow up referrals' }));
    const dialog = await findDialog('Edit Workflow');
    expect(dialog.getByLabelText('Name')).toHaveValue('Follow up referrals');
    expect(dialog.getByRole('radio', { name: 'Event' })).toBeChecked();
    expect(dialog.getByLabelText('Condition 1 value')).toHaveValue('Referral');
    expect(dialog.getByLabelText('Task title')).toHaveValue('Call {{lead.name}}');
    await user.click(dialog.getByRole('button', { name: 'Remove step 2' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Call referrals');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(backend.api.callsTo(`PUT /api/workflows/${referrals.id}`)).toHaveLength(1));
    expect(backend.api.callsTo(`PUT /api/workflows/${referrals.id}`)[0].body).toEqual({
      name: 'Call referrals',
      description: 'Call every referred lead the same day',
      trigger: referrals.trigger,
      steps: [
        {
          action: 'create_task',
          description: '',
          delay: 0,
          params: { title: 'Call {{lead.name}}', priority: 'medium' },
        },
      ],
    });
    expect(backend.api.callsTo(`PUT /api/workflows/${referrals.id}`)[0].headers.get('If-Match')).toBe(referrals.etag);
    expect(await screen.findByRole('article', { name: 'Call referrals' })).toBeInTheDocument();
  });

  it('pauses a workflow and deletes another after a confirmation', async () => {
    const { backend, user } = await openWorkflows([referrals, nightly]);
    backend.api.use({
      [`POST /api/workflows/${referrals.id}/pause`]: () => {
        backend.state.workflows = backend.state.workflows.map((w) =>
          w.id === referrals.id ? { ...w, enabled: false, status: 'paused' } : w,
        );
        return { body: backend.state.workflows[0] };
      },
      [`DELETE /api/workflows/${nightly.id}`]: () => {
        backend.state.workflows = backend.state.workflows.filter((w) => w.id !== nightly.id);
        return { status: 204 };
      },
    });
    await user.click(card('Follow up referrals').getByRole('button', { name: /Pause/ }));
    await waitFor(() => expect(card('Follow up referrals').getByText('Paused')).toBeInTheDocument());

    await user.click(card('Nightly digest').getByRole('button', { name: 'Delete Nightly digest' }));
    const confirm = await findDialog('Delete "Nightly digest"?');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Nightly digest' })).not.toBeInTheDocument());
    expect(backend.api.callsTo(`DELETE /api/workflows/${nightly.id}`)).toHaveLength(1);
  });

  it('shows why the list failed to load, and Retry loads it', async () => {
    const backend = workflowsBackend([referrals], admin);
    backend.api.use({ 'GET /api/workflows?limit=200': { status: 503, body: { detail: 'Work service unavailable' } } });
    const { user } = renderApp({ path: '/workflows', signedInAs: admin });
    expect(await screen.findByText('Work service unavailable', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Workflows could not be loaded')).toBeInTheDocument();

    backend.api.use({ 'GET /api/workflows?limit=200': () => ({ body: backend.state.workflows }) });
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: 'Follow up referrals' })).toBeInTheDocument();
  });

  describe('opened from a link', () => {
    it('outlines the workflow of /workflows?focus=<id>', async () => {
      await openWorkflows([referrals, nightly], 'Nightly digest', `/workflows?focus=${nightly.id}`);

      expect(screen.getByRole('article', { name: 'Nightly digest' })).toHaveAttribute('aria-current', 'true');
      expect(screen.getByRole('article', { name: 'Follow up referrals' })).not.toHaveAttribute('aria-current');
    });

    it('opens the run of /workflows?run=<id> expanded in its run history, also when older than the runs listed', async () => {
      const linked = buildRun(referrals, {
        status: 'failed',
        error: 'set_lead_status: lead not found',
        started_at: '2025-12-02T09:00:00.000Z',
        ended_at: '2025-12-02T09:00:02.000Z',
        steps: [
          { ...buildRun(referrals).steps[0], status: 'succeeded', attempts: 1 },
          { ...buildRun(referrals).steps[1], status: 'failed', attempts: 4, error: 'lead not found' },
        ],
      });
      const backend = workflowsBackend([referrals, nightly], admin);
      backend.runsOf(referrals, [buildRun(referrals, { status: 'succeeded' })]);
      backend.api.use({ [`GET /api/workflows/runs/${linked.id}`]: { body: linked } });
      const { user, location } = renderApp({ path: `/workflows?run=${linked.id}`, signedInAs: admin });

      const drawer = within(await screen.findByRole('dialog', {}, { timeout: 15_000 }));
      expect(await drawer.findByText('Run history: Follow up referrals')).toBeInTheDocument();
      const steps = within(await drawer.findByRole('list', { name: 'Run steps' }));
      expect(steps.getByText(/4 attempts/)).toBeInTheDocument();
      expect(steps.getByText('lead not found')).toBeInTheDocument();
      // The recent run and the linked older one.
      expect(drawer.getAllByText('Manual')).toHaveLength(2);

      await user.click(drawer.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(location().search).toBe(''));
    });
  });
});
