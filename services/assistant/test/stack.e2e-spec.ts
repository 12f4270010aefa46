import { http } from '@sixa/testing';
import { startAssistantStack } from './factories';

describe('assistant behind the gateway', () => {
  let stack: Awaited<ReturnType<typeof startAssistantStack>>;
  beforeAll(async () => {
    stack = await startAssistantStack();
  });
  afterAll(() => stack?.stop());

  it('is deployed: the gateway lists it and routes /dashboard and /chat to it', async () => {
    const status = await http(stack.api, 'GET', '/');
    expect(status.body.services.assistant).toBe('deployed');
    // Routed to the assistant (not the gateway's 503 "not available yet"); 401 without a token.
    const res = await http(stack.api, 'GET', '/dashboard/metrics');
    expect(res.status).toBe(401);
  });

  it('tells the widget it is online and answers with the intent parser when no model is configured', async () => {
    const res = await http(stack.api, 'GET', '/chat/status', { token: stack.employee });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'online', answering_with: 'parser', model: null });
  });
});
