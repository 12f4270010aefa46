import type { Workflow } from '@sixa/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { adminUser } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { buildWorkflow, workflowsBackend } from './workflowsBackend';

const admin = adminUser();

describe('Workflow step editor actions', () => {
  it("offers every action; set_lead_status and create_calendar_event come with their parameters' forms", async () => {
    const backend = workflowsBackend([], admin);
    const { user } = renderApp({ path: '/workflows', signedInAs: admin });
    // The first screen of the run compiles the app's chunks: more patience than the default.
    expect(await screen.findByText(/No workflows yet/, {}, { timeout: 60_000 })).toBeInTheDocument();
    backend.api.use({
      'POST /api/workflows': (call) => {
        const created = buildWorkflow({ ...(call.body as Partial<Workflow>), id: 'wf-new' });
        backend.state.workflows = [created];
        return { status: 201, body: created };
      },
    });

    await user.click(screen.getAllByRole('button', { name: /Create Workflow/ })[0]);
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Name'), 'Book the intro');
    await user.click(dialog.getByRole('button', { name: /Add Step/ }));
    await user.click(dialog.getByRole('button', { name: /Add Step/ }));

    const actions = dialog.getAllByRole('combobox', { name: 'Action' });
    await user.click(actions[0]);
    for (const label of [
      'Create task',
      'Set lead status',
      'Create calendar event',
      'Send e-mail',
      'Call webhook',
      'Wait',
    ])
      expect((await screen.findAllByTitle(label)).length).toBeGreaterThan(0);
    const setStatus = screen.getAllByTitle('Set lead status');
    await user.click(setStatus[setStatus.length - 1]);
    expect(await dialog.findByLabelText('Lead (id or e-mail)')).toHaveValue('{{lead.id}}');
    expect(dialog.getByLabelText('New status')).toBeInTheDocument();

    await user.click(actions[1]);
    const calendar = await screen.findAllByTitle('Create calendar event');
    await user.click(calendar[calendar.length - 1]);
    await user.type(await dialog.findByLabelText('Event title'), 'Intro with {{{{lead.name}}');
    await user.type(dialog.getByLabelText('Attendees'), '{{{{lead.email}}, sales@example.com');
    expect(screen.queryByText(/not available/i)).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Create Workflow' }));
    await waitFor(() => expect(backend.api.callsTo('POST /api/workflows')).toHaveLength(1));
    expect((backend.api.callsTo('POST /api/workflows')[0].body as Workflow).steps).toEqual([
      {
        action: 'set_lead_status',
        description: '',
        delay: 0,
        params: { lead_id: '{{lead.id}}', status: 'contacted' },
      },
      {
        action: 'create_calendar_event',
        description: '',
        delay: 0,
        params: {
          title: 'Intro with {{lead.name}}',
          start_in_minutes: 60,
          duration_minutes: 30,
          attendees: ['{{lead.email}}', 'sales@example.com'],
        },
      },
    ]);
  }, 120_000);
});
