import type { ChatReply } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { startAssistantStack } from './factories';

interface SeenRequest {
  authorization: string | undefined;
  url: string | undefined;
  body: {
    model: string;
    messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
    tools: Array<{ function: { name: string } }>;
  };
}

type Behaviour = 'search-then-answer' | 'propose-task' | 'fail' | 'bad-json' | 'slow';

/** A stand-in for an OpenAI-compatible /chat/completions endpoint, scripted per test. */
class StandInModel {
  readonly seen: SeenRequest[] = [];
  behaviour: Behaviour = 'search-then-answer';
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private async answer(req: IncomingMessage, res: import('node:http').ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const body = JSON.parse(raw) as SeenRequest['body'];
    this.seen.push({ authorization: req.headers.authorization, url: req.url, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const message = (m: unknown) =>
      send(200, { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: m, finish_reason: 'stop' }] });
    if (this.behaviour === 'fail') return send(500, { error: { message: 'overloaded' } });
    if (this.behaviour === 'bad-json') return send(200, '{"choices": [');
    if (this.behaviour === 'slow') {
      await sleep(5000);
      return send(200, { choices: [{ message: { role: 'assistant', content: 'too late' } }] });
    }
    const toolResult = body.messages.find((m) => m.role === 'tool');
    if (this.behaviour === 'propose-task')
      return message({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_2',
            type: 'function',
            function: {
              name: 'create_task',
              arguments: JSON.stringify({ title: 'Prepare the Initech demo', due: 'tomorrow at 9', priority: 'high' }),
            },
          },
        ],
      });
    if (!toolResult)
      return message({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'search_leads', arguments: JSON.stringify({ q: 'Initech' }) },
          },
        ],
      });
    const result = JSON.parse(toolResult.content ?? '{}') as {
      data?: { leads?: Array<{ name: string; score: number }> };
    };
    const lead = result.data?.leads?.[0];
    return message({ role: 'assistant', content: `The model read the tool: ${lead?.name} scores ${lead?.score}.` });
  }
}

describe('SIXA chat with a model (an OpenAI-compatible stand-in)', () => {
  let stack: Awaited<ReturnType<typeof startAssistantStack>>;
  let model: StandInModel;

  beforeAll(async () => {
    model = await new StandInModel().start();
    stack = await startAssistantStack({
      monitoring: true,
      assistant: { llmApiUrl: model.url, llmApiKey: 'test-key', llmModel: 'stand-in-1', llmTimeoutMs: 3000 },
    });
    const lead = { name: 'Ivy Init', email: 'ivy@initech.com', company: 'Initech', source: 'Referral', notes: '' };
    expect((await http(stack.api, 'POST', '/leads', { token: stack.admin, body: lead })).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await model?.stop();
  });

  const say = async (sessionId: string, message: string, token = stack.admin) => {
    const res = await http(stack.api, 'POST', '/chat/message', {
      token,
      body: { message, session_id: sessionId, time_zone: 'Europe/Berlin' },
    });
    expect(res.status).toBe(200);
    return res.body as ChatReply;
  };

  it("runs the model's tool call and answers with the model's final answer, which read the tool's result", async () => {
    model.behaviour = 'search-then-answer';
    model.seen.length = 0;
    const lead = (
      (await http(stack.api, 'GET', '/leads?q=Initech', { token: stack.admin })).body as Array<{ score: number }>
    )[0];
    const reply = await say(`m-${randomUUID()}`, 'Who is our best lead at Initech?');
    expect(reply.response).toBe(`The model read the tool: Ivy Init scores ${lead.score}.`);
    expect(model.seen).toHaveLength(2);
    const [first, second] = model.seen;
    expect(first.url).toBe('/v1/chat/completions');
    expect(first.authorization).toBe('Bearer test-key');
    expect(first.body.model).toBe('stand-in-1');
    expect(first.body.tools.map((t) => t.function.name)).toEqual(
      expect.arrayContaining([
        'search_leads',
        'create_task',
        'schedule_meeting',
        'team_performance',
        'platform_health',
      ]),
    );
    const toolMessage = second.body.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_1');
    expect(toolMessage?.content).toContain('Ivy Init');
    expect(reply.links).toEqual([{ label: 'Open Lead Generation', href: '/leads?q=Initech' }]);
  });

  it("puts a model's change through the user's confirmation, not the model's", async () => {
    model.behaviour = 'propose-task';
    const session = `m-${randomUUID()}`;
    const asked = await say(session, 'Remind me to prepare the Initech demo tomorrow morning, it matters');
    expect(asked.confirmation?.summary).toMatch(
      /^Create task 'Prepare the Initech demo', due .*09:00, priority high\?$/,
    );
    model.seen.length = 0;
    const done = await say(session, 'yes');
    expect(model.seen).toHaveLength(0);
    expect(done.response).toMatch(/created task 'Prepare the Initech demo'/);
  });

  it('falls back to the intent parser when the model answers 500 or a body that is not JSON', async () => {
    model.behaviour = 'fail';
    const failed = await say(`m-${randomUUID()}`, 'find leads at Initech');
    expect(failed.response).toMatch(/^I found 1 lead \(leads matching "Initech"\)/);
    model.behaviour = 'bad-json';
    const garbled = await say(`m-${randomUUID()}`, 'Create a follow-up workflow');
    expect(garbled.confirmation?.summary).toMatch(/^Create the workflow 'New lead follow-up'/);
  });

  it('falls back to the intent parser when the model does not answer in time', async () => {
    model.behaviour = 'slow';
    const started = Date.now();
    const reply = await say(`m-${randomUUID()}`, 'Analyze team performance');
    expect(reply.response).toMatch(/^(Team performance|There are no tasks yet)/);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 20_000);

  it("reports the platform's health from monitoring to an employee", async () => {
    model.behaviour = 'fail';
    for (let i = 0; i < 40; i++) {
      if ((await http(stack.api, 'GET', '/monitoring/system-status', { token: stack.employee })).status === 200) break;
      await sleep(250);
    }
    const reply = await say(`m-${randomUUID()}`, 'how is the platform health?', stack.employee);
    expect(reply.response).toMatch(/^The platform is (healthy|warning|critical): CPU \d+%, memory \d+%/);
    expect(reply.links).toEqual([{ label: 'Network Monitoring', href: '/monitoring' }]);
  });
});
