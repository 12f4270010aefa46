import { screen, waitFor, within } from '@testing-library/react';
import type { ChatReply } from '@sixa/contracts/browser';
import { employeeUser } from '../../../test/factories';
import { deferredReply, mockApi, type RouteHandler } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const employee = employeeUser();

async function openChat(routes: Record<string, RouteHandler>) {
  const api = mockApi({ 'GET /api/auth/me': { body: employee }, ...routes });
  const view = renderApp({ path: '/leads', signedInAs: employee });
  await view.user.click(await screen.findByRole('button', { name: 'Open AI assistant' }));
  const panel = within(await screen.findByRole('dialog', { name: 'SIXA AI Assistant' }));
  const say = (text: string) => view.user.type(panel.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
  return { ...view, api, panel, say };
}

const reply = (body: ChatReply) => ({ body });

describe('Assistant chat replies', () => {
  it("sends the browser's time zone with each message", async () => {
    const { api, panel, say } = await openChat({ 'POST /api/chat/message': reply({ response: 'Done.' }) });

    await say('Schedule a meeting for tomorrow at 10');

    expect(await panel.findByText('Done.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/chat/message');
    expect(call?.body).toMatchObject({
      message: 'Schedule a meeting for tomorrow at 10',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(typeof (call?.body as { time_zone: unknown }).time_zone).toBe('string');
  });

  it("renders the answer's links as links of the app that open the record", async () => {
    const { panel, say, user, location } = await openChat({
      'POST /api/chat/message': reply({
        response: 'I created the task and found two tech leads.',
        links: [
          { label: 'Task: Call Acme', href: '/tasks?focus=task-9' },
          { label: 'Lead: Globex', href: '/leads?focus=lead-3' },
          { label: 'Elsewhere', href: 'https://evil.example/phish' },
        ],
      }),
    });

    await say('Generate leads for tech companies');

    expect(await panel.findByText('I created the task and found two tech leads.')).toBeInTheDocument();
    const links = within(panel.getByRole('list', { name: 'Links' }));
    expect(links.getAllByRole('link')).toHaveLength(2);
    expect(links.queryByRole('link', { name: 'Elsewhere' })).not.toBeInTheDocument();
    expect(links.getByRole('link', { name: 'Lead: Globex' })).toHaveAttribute('href', '/leads?focus=lead-3');

    await user.click(links.getByRole('link', { name: 'Task: Call Acme' }));

    await waitFor(() => expect(location().pathname).toBe('/tasks'));
    expect(location().search).toBe('?focus=task-9');
    // The conversation goes on on the new page.
    expect(screen.getByRole('dialog', { name: 'SIXA AI Assistant' })).toBeInTheDocument();
  });

  it('offers Yes / No under a confirmation, sends the answer, and disables them once answered', async () => {
    const second = deferredReply();
    let calls = 0;
    const { api, panel, say, user } = await openChat({
      'POST /api/chat/message': () => {
        calls += 1;
        return calls === 1
          ? reply({
              response: 'Shall I add Grace Hopper as an employee?',
              confirmation: { id: 'confirm-1', summary: 'Add user Grace Hopper (employee)' },
            })
          : second.handler();
      },
    });

    await say('Add Grace Hopper as a user');

    const group = within(await panel.findByRole('group', { name: 'Confirm: Add user Grace Hopper (employee)' }));
    const yes = group.getByRole('button', { name: 'Yes' });
    const no = group.getByRole('button', { name: 'No' });
    expect(yes).toBeEnabled();
    expect(no).toBeEnabled();

    await user.click(yes);

    // While the answer is on its way: the buttons and the input wait.
    expect(await panel.findByText('SIXA is typing…')).toBeInTheDocument();
    expect(yes).toBeDisabled();
    expect(no).toBeDisabled();
    second.release(
      reply({ response: 'Grace Hopper can now sign in.', links: [{ label: 'Grace Hopper', href: '/users' }] }),
    );

    expect(await panel.findByText('Grace Hopper can now sign in.')).toBeInTheDocument();
    expect(yes).toBeDisabled();
    expect(no).toBeDisabled();
    const sent = api.callsTo('POST /api/chat/message').map((call) => (call.body as { message: string }).message);
    expect(sent).toEqual(['Add Grace Hopper as a user', 'yes']);
    expect(api.callsTo('POST /api/chat/message')[1]?.body).toMatchObject({
      message: 'yes',
      confirm: { id: 'confirm-1', answer: 'yes' },
    });
    expect(panel.getAllByText('yes')).toHaveLength(1);
  });

  it('sends "no" when the change is declined', async () => {
    let calls = 0;
    const { api, panel, say, user } = await openChat({
      'POST /api/chat/message': () => {
        calls += 1;
        return calls === 1
          ? reply({ response: 'Create the workflow?', confirmation: { id: 'c-2', summary: 'Create workflow' } })
          : reply({ response: 'Alright, nothing was changed.' });
      },
    });

    await say('Create a follow-up workflow');
    await user.click(await panel.findByRole('button', { name: 'No' }));

    expect(await panel.findByText('Alright, nothing was changed.')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'No' })).toBeDisabled();
    expect(api.callsTo('POST /api/chat/message').map((c) => (c.body as { message: string }).message)).toEqual([
      'Create a follow-up workflow',
      'no',
    ]);
    expect(api.callsTo('POST /api/chat/message')[1]?.body).toMatchObject({ confirm: { id: 'c-2', answer: 'no' } });
  });

  it('disables an unanswered confirmation once the conversation has moved on', async () => {
    let calls = 0;
    const { panel, say } = await openChat({
      'POST /api/chat/message': () => {
        calls += 1;
        return calls === 1
          ? reply({ response: 'Schedule it for 10:00?', confirmation: { id: 'c-3', summary: 'Meeting at 10:00' } })
          : reply({ response: 'What time instead?' });
      },
    });

    await say('Schedule a meeting for tomorrow');
    expect(await panel.findByRole('button', { name: 'Yes' })).toBeEnabled();
    await say('Actually make it later');

    expect(await panel.findByText('What time instead?')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Yes' })).toBeDisabled();
    expect(panel.getByRole('button', { name: 'No' })).toBeDisabled();
  });

  it('has the screens read again what an answer with links may have changed', async () => {
    const { api, panel, say } = await openChat({
      'GET /api/leads/stats': { body: { total_leads: 1, hot_leads: 0, conversion_rate: 0, avg_score: 50 } },
      'POST /api/chat/message': reply({
        response: 'I created the task.',
        links: [{ label: 'Task: Call Acme', href: '/tasks?focus=task-9' }],
      }),
    });
    await waitFor(() => expect(api.callsTo('GET /api/leads/stats').length).toBeGreaterThan(0));
    const before = api.callsTo('GET /api/leads/stats').length;

    await say('Create a task to call Acme');

    expect(await panel.findByText('I created the task.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/leads/stats').length).toBeGreaterThan(before));
  });
});
