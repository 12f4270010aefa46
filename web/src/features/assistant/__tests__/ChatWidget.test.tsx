import { screen, waitFor, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { apiStatus, deferredReply, mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const employee = employeeUser();
const GREETING = "Hello! I'm SIXA, your AI assistant. How can I help you optimize your business today?";

async function openChat() {
  const view = renderApp({ path: '/', signedInAs: employee });
  await view.user.click(await screen.findByRole('button', { name: 'Open AI assistant' }));
  const panel = await screen.findByRole('dialog', { name: 'SIXA AI Assistant' });
  return { ...view, panel: within(panel) };
}

describe('Assistant chat widget', () => {
  it('opens with the greeting, the header and the four quick actions', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    const { panel } = await openChat();

    expect(panel.getByText(GREETING)).toBeInTheDocument();
    expect(panel.getByText('AI Assistant')).toBeInTheDocument();
    expect(panel.getByText('Online')).toBeInTheDocument();
    for (const chip of [
      'Generate leads for tech companies',
      'Create a follow-up workflow',
      'Analyze team performance',
      'Schedule a meeting for tomorrow',
    ]) {
      expect(panel.getByRole('button', { name: chip })).toBeInTheDocument();
    }
    expect(panel.getByPlaceholderText('Ask SIXA anything...')).toBeInTheDocument();
  });

  it('fills the input from a quick action and sends it with Enter, showing the reply', async () => {
    const reply = deferredReply();
    const api = mockApi({ 'GET /api/auth/me': { body: employee }, 'POST /api/chat/message': reply.handler });
    const { panel, user } = await openChat();

    await user.click(panel.getByRole('button', { name: 'Analyze team performance' }));
    const input = panel.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveValue('Analyze team performance');
    await user.type(input, '{Enter}');

    expect(await panel.findByText('SIXA is typing…')).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(panel.queryByRole('button', { name: 'Create a follow-up workflow' })).not.toBeInTheDocument();
    reply.release({ body: { response: 'Your team closed 12 tasks this week.' } });

    expect(await panel.findByText('Your team closed 12 tasks this week.')).toBeInTheDocument();
    expect(panel.queryByText('SIXA is typing…')).not.toBeInTheDocument();
    const [call] = api.callsTo('POST /api/chat/message');
    expect(call?.body).toEqual({
      message: 'Analyze team performance',
      session_id: expect.stringMatching(/^session_\d+$/),
      user_id: 'current_user',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('answers with the apology when the assistant cannot be reached', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/auth/me': { body: employee } }); // /api/chat/message answers 503
    const { panel, user } = await openChat();

    await user.type(panel.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');

    expect(await panel.findByText('I apologize, but I encountered an error. Please try again.')).toBeInTheDocument();
    expect(panel.getByText('Hello')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it("says Offline, and the header 'AI unavailable', when the gateway has no assistant deployed", async () => {
    const api = mockApi({ 'GET /api/': apiStatus(['assistant']), 'GET /api/auth/me': { body: employee } });
    const { panel } = await openChat();

    expect(await panel.findByText('Offline')).toBeInTheDocument();
    expect(panel.queryByText('Online')).not.toBeInTheDocument();
    expect(
      panel.getByText('SIXA is offline: the assistant is not available on this workspace yet.'),
    ).toBeInTheDocument();
    // Nothing could answer: nothing is offered or sent.
    expect(panel.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(panel.queryByRole('button', { name: 'Analyze team performance' })).not.toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('AI unavailable')).toBeInTheDocument();
    expect(within(header).queryByText('AI Active')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/chat/message')).toHaveLength(0);
  });

  it('goes Offline when the assistant cannot be reached, and Online again once it answers', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi({ 'GET /api/auth/me': { body: employee } }); // deployed, but /api/chat/message answers 503
    const { panel, user } = await openChat();
    expect(panel.getByText('Online')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('AI Active')).toBeInTheDocument();

    await user.type(panel.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');

    expect(await panel.findByText('I apologize, but I encountered an error. Please try again.')).toBeInTheDocument();
    expect(await panel.findByText('Offline')).toBeInTheDocument();
    expect(panel.getByText('SIXA could not be reached. Your next message tries again.')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('AI unavailable')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();

    api.use({ 'POST /api/chat/message': { body: { response: 'Back again.' } } });
    await user.type(panel.getByRole('textbox', { name: 'Message' }), 'Still there?{Enter}');

    expect(await panel.findByText('Back again.')).toBeInTheDocument();
    expect(await panel.findByText('Online')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('AI Active')).toBeInTheDocument();
  });

  it('closes with Escape and gives focus back to the round button', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    const { user } = await openChat();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'SIXA AI Assistant' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open AI assistant' })).toHaveFocus();
  });

  it('sends nothing for a blank message and inserts a newline on Shift+Enter', async () => {
    const api = mockApi({ 'GET /api/auth/me': { body: employee } });
    const { panel, user } = await openChat();
    const input = panel.getByRole('textbox', { name: 'Message' });

    await user.type(input, '   {Enter}');
    expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('first line\nsecond line');

    await waitFor(() => expect(api.callsTo('POST /api/chat/message')).toHaveLength(0));
  });

  it('says Offline, and the header AI unavailable, when the assistant says it cannot answer now', async () => {
    mockApi({
      'GET /api/auth/me': { body: employee },
      'GET /api/chat/status': { status: 503, body: { detail: 'The assistant cannot answer now: kafka: down' } },
    });
    const { panel } = await openChat();

    expect(await panel.findByText('Offline')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('AI unavailable')).toBeInTheDocument();
    expect(panel.getByText('SIXA could not be reached. Your next message tries again.')).toBeInTheDocument();
  });
});
