import { TOPICS, type ChatReply, type ChatSession, type EventEnvelope } from '@sixa/contracts';
import { EventRecorder, http } from '@sixa/testing';
import { randomUUID } from 'node:crypto';
import { startAssistantStack } from './factories';

type Stack = Awaited<ReturnType<typeof startAssistantStack>>;

/** One conversation of one user: every message in the same session, read in Berlin time. */
function conversation(stack: Stack, token: string, timeZone = 'Europe/Berlin') {
  const sessionId = `test-${randomUUID()}`;
  const say = async (message: string, extra: Record<string, unknown> = {}) => {
    const res = await http(stack.api, 'POST', '/chat/message', {
      token,
      body: { message, session_id: sessionId, user_id: 'current_user', time_zone: timeZone, ...extra },
    });
    expect(res.status).toBe(200);
    return res.body as ChatReply;
  };
  return { sessionId, say };
}

/** The wall-clock day and time of an instant in a zone: `YYYY-MM-DD HH:mm`. */
function wallClock(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('SIXA chat (POST /chat/message) through the gateway', () => {
  let stack: Stack;
  let recorder: EventRecorder;
  let adminId: string;

  beforeAll(async () => {
    stack = await startAssistantStack();
    adminId = (await http(stack.api, 'GET', '/auth/me', { token: stack.admin })).body.id;
    recorder = await new EventRecorder(TOPICS.assistant, (e: EventEnvelope) => e.actor === adminId).start();
  }, 120_000);
  afterAll(async () => {
    await recorder?.stop();
    await stack?.stop();
  });

  it('refuses an empty, whitespace-only or oversized message and a missing session id, with a detail', async () => {
    for (const body of [
      { message: '', session_id: 's1' },
      { message: '   \n ', session_id: 's1' },
      { message: 'x'.repeat(4001), session_id: 's1' },
      { message: 'hello' },
      { message: 'hello', session_id: 'x'.repeat(200) },
      { message: 'hello', session_id: 's1', time_zone: 'Mars/Olympus' },
    ]) {
      const res = await http(stack.api, 'POST', '/chat/message', { token: stack.admin, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await http(stack.api, 'POST', '/chat/message', { body: { message: 'hi', session_id: 's1' } })).status).toBe(
      401,
    );
  });

  it("keeps each user's conversation: the history is the user's own, another user's session is not found", async () => {
    const chat = conversation(stack, stack.admin);
    const hello = await chat.say('hello');
    expect(hello.response).toMatch(/leads/i);
    const res = await http(stack.api, 'GET', `/chat/sessions/${chat.sessionId}`, { token: stack.admin });
    expect(res.status).toBe(200);
    const session = res.body as ChatSession;
    expect(session).toMatchObject({ id: chat.sessionId, user_id: adminId });
    expect(session.messages.map((m) => [m.type, m.content])).toEqual([
      ['user', 'hello'],
      ['ai', hello.response],
    ]);
    expect((await http(stack.api, 'GET', `/chat/sessions/${chat.sessionId}`, { token: stack.employee })).status).toBe(
      404,
    );
  });

  it("schedules a meeting at 10:00 the next day in the user's zone, with the attendee, once confirmed", async () => {
    const chat = conversation(stack, stack.admin);
    const asked = await chat.say('schedule a meeting tomorrow at 10 with ana@example.com');
    expect(asked.confirmation?.id).toEqual(expect.any(String));
    expect(asked.confirmation?.summary).toMatch(/ana@example\.com/);
    expect(asked.confirmation?.summary).toMatch(/10:00/);

    const done = await chat.say('yes');
    expect(done.response).toMatch(/scheduled/i);
    const link = done.links?.find((l) => l.href.startsWith('/calendar'));
    expect(link).toBeDefined();
    const id = decodeURIComponent(new URL(link!.href, 'http://x').searchParams.get('focus')!);

    const event = (await http(stack.api, 'GET', `/calendar/events/${id}`, { token: stack.admin })).body;
    expect(event.attendees).toEqual(['ana@example.com']);
    expect(event.created_by).toBe(adminId);
    const tomorrowInBerlin = wallClock(new Date(Date.now() + 86_400_000).toISOString(), 'Europe/Berlin').slice(0, 10);
    expect(wallClock(event.start_time, 'Europe/Berlin')).toBe(`${tomorrowInBerlin} 10:00`);
    expect(new Date(event.end_time).getTime() - new Date(event.start_time).getTime()).toBe(30 * 60_000);

    const published = await recorder.waitFor(
      (e) => e.type === 'assistant.action_completed' && e.data.session_id === chat.sessionId,
    );
    expect(published.data).toMatchObject({
      action_id: asked.confirmation!.id,
      tool: 'schedule_meeting',
      user_id: adminId,
      link: link!.href,
    });
    // Answered once: a second "yes" finds nothing waiting and makes nothing.
    expect((await chat.say('yes')).response).toMatch(/nothing waiting/i);
  });

  it("asks for a meeting's missing time and attendee (the chip), then confirms", async () => {
    const chat = conversation(stack, stack.admin);
    const first = await chat.say('Schedule a meeting for tomorrow');
    expect(first.confirmation ?? null).toBeNull();
    expect(first.response).toMatch(/what time/i);
    expect(first.response).toMatch(/attend/i);
    const second = await chat.say('at 15:30 with bo@example.com for 45 minutes');
    expect(second.confirmation?.summary).toMatch(/15:30.*45 minutes.*bo@example\.com/);
    const no = await chat.say('no');
    expect(no.response).toMatch(/cancelled that; nothing was changed/);
    expect(no.links ?? []).toEqual([]);
  });

  it("creates a task for a team member with the user as creator; an employee can't have it add a user", async () => {
    const member = await http(stack.api, 'POST', '/team', {
      token: stack.admin,
      body: { name: 'Dana Scully', email: 'dana@example.com', role: 'Account Manager', department: 'Sales' },
    });
    expect(member.status).toBe(201);

    const employeeId = (await http(stack.api, 'GET', '/auth/me', { token: stack.employee })).body.id;
    const chat = conversation(stack, stack.employee);
    const asked = await chat.say('create a task to call Acme for Dana');
    expect(asked.confirmation?.summary).toBe("Create task 'Call Acme' for Dana Scully, priority medium?");
    const done = await chat.say('Yes', { confirm: { id: asked.confirmation!.id, answer: 'yes' } });
    expect(done.response).toMatch(/created task 'Call Acme' for Dana Scully/);
    const id = new URL(done.links![0].href, 'http://x').searchParams.get('focus')!;
    const task = (await http(stack.api, 'GET', `/tasks/${id}`, { token: stack.employee })).body;
    expect(task).toMatchObject({ title: 'Call Acme', assignee_id: member.body.id, created_by: employeeId });

    const refused = await chat.say('add a user bob@example.com');
    expect(refused.response).toMatch(/not allowed/i);
    expect(refused.confirmation ?? null).toBeNull();
    const users = (await http(stack.api, 'GET', '/users', { token: stack.admin })).body as Array<{ email: string }>;
    expect(users.some((u) => u.email === 'bob@example.com')).toBe(false);
  });

  it('adds a user for an admin after confirmation, showing the temporary password once', async () => {
    const chat = conversation(stack, stack.admin);
    const asked = await chat.say('add a user bob@example.com');
    expect(asked.confirmation?.summary).toMatch(/Bob \(bob@example\.com\) as an employee/);
    const done = await chat.say('yes');
    const password = /Temporary password: (\S+)/.exec(done.response)?.[1];
    expect(password).toBeDefined();
    const login = await http(stack.api, 'POST', '/auth/login', { body: { email: 'bob@example.com', password } });
    expect(login.status).toBe(200);
    const history = (await http(stack.api, 'GET', `/chat/sessions/${chat.sessionId}`, { token: stack.admin }))
      .body as ChatSession;
    expect(JSON.stringify(history)).not.toContain(password!);
  });

  it('carries out a change once when it is confirmed twice at the same time', async () => {
    const chat = conversation(stack, stack.admin);
    const asked = await chat.say('create a task to check the twin confirmations');
    const confirm = { id: asked.confirmation!.id, answer: 'yes' };
    const answers = await Promise.all([chat.say('yes', { confirm }), chat.say('yes', { confirm })]);
    expect(answers.filter((a) => /^Done: created task/.test(a.response))).toHaveLength(1);
    expect(answers.filter((a) => /already answered/.test(a.response))).toHaveLength(1);
    const tasks = (await http(stack.api, 'GET', '/tasks?q=twin%20confirmations', { token: stack.admin }))
      .body as unknown[];
    expect(tasks).toHaveLength(1);
  });

  it('says why a confirmed change failed and publishes assistant.action_failed', async () => {
    const chat = conversation(stack, stack.admin);
    const asked = await chat.say('add a user carol@example.com');
    expect(asked.confirmation).toBeTruthy();
    // Someone else adds her before the answer.
    const direct = await http(stack.api, 'POST', '/users', {
      token: stack.admin,
      body: { name: 'Carol', email: 'carol@example.com', password: 'Carol12345!' },
    });
    expect(direct.status).toBe(201);
    const done = await chat.say('yes');
    expect(done.response).toMatch(/^I couldn't add the user: /);
    expect(done.response).not.toMatch(/Error|at \w+ \(/);
    const failed = await recorder.waitFor(
      (e) => e.type === 'assistant.action_failed' && e.data.session_id === chat.sessionId,
    );
    expect(failed.data).toMatchObject({
      action_id: asked.confirmation!.id,
      tool: 'add_user',
      error: expect.any(String),
    });
  });

  it('keeps the last 200 messages of a conversation', async () => {
    const chat = conversation(stack, stack.admin);
    for (let i = 1; i <= 101; i++) await chat.say(`hello ${i}`);
    const session = (await http(stack.api, 'GET', `/chat/sessions/${chat.sessionId}`, { token: stack.admin }))
      .body as ChatSession;
    expect(session.messages).toHaveLength(200);
    expect(session.messages[0].content).toBe('hello 2');
    expect(session.messages[198].content).toBe('hello 101');
  });

  describe('the quick-action chips', () => {
    beforeAll(async () => {
      const leads = [
        { name: 'Ada Byte', email: 'ada@quantumlabs.io', company: 'Quantum Labs', source: 'Website', notes: '' },
        {
          name: 'Carl Cloud',
          email: 'carl@nimbus.com',
          company: 'Nimbus Cloud Systems',
          source: 'Referral',
          notes: '',
        },
        {
          name: 'Bea Baker',
          email: 'bea@bakery.com',
          company: 'Sweet Bakery',
          source: 'Conference',
          notes: 'Loves bread',
        },
        {
          name: 'Dan Data',
          email: 'dan@retailer.com',
          company: 'Retail Group',
          source: 'LinkedIn',
          notes: 'Wants a SaaS analytics tool',
        },
      ];
      for (const lead of leads) {
        const res = await http(stack.api, 'POST', '/leads', { token: stack.admin, body: { phone: '', ...lead } });
        expect(res.status).toBe(201);
      }
      const tasks = [
        {
          title: 'Prepare demo',
          assigned_to: 'Dana Scully',
          due_date: new Date(Date.now() - 86_400_000).toISOString(),
        },
        { title: 'Send quote', assigned_to: 'Dana Scully' },
        { title: 'Write report', assigned_to: 'Fox Mulder' },
      ];
      for (const t of tasks)
        expect((await http(stack.api, 'POST', '/tasks', { token: stack.admin, body: t })).status).toBe(201);
      const report = (await http(stack.api, 'GET', '/tasks', { token: stack.admin })).body as Array<{
        id: string;
        title: string;
      }>;
      const write = report.find((t) => t.title === 'Write report')!;
      await http(stack.api, 'PUT', `/tasks/${write.id}`, { token: stack.admin, body: { status: 'in_progress' } });
      await http(stack.api, 'PUT', `/tasks/${write.id}`, { token: stack.admin, body: { status: 'completed' } });
    });

    it("'Generate leads for tech companies' ranks the tech leads by score, invents none, and offers follow-up tasks", async () => {
      const chat = conversation(stack, stack.admin);
      const reply = await chat.say('Generate leads for tech companies');
      for (const name of ['Ada Byte', 'Carl Cloud', 'Dan Data']) expect(reply.response).toContain(name);
      expect(reply.response).not.toContain('Bea Baker');
      const listed = reply.response.split('\n').filter((l) => /^\d+\. /.test(l));
      const scores = listed.map((l) => Number(/score (\d+)/.exec(l)![1]));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(reply.confirmation?.summary).toMatch(/follow-up task/);
      const done = await chat.say('yes');
      expect(done.response).toMatch(/created task 'Follow up with/);
      const followUps = (await http(stack.api, 'GET', '/tasks?q=Follow%20up%20with', { token: stack.admin }))
        .body as unknown[];
      expect(followUps).toHaveLength(3);
    });

    it("'Create a follow-up workflow' proposes a concrete workflow and creates it once confirmed", async () => {
      const chat = conversation(stack, stack.admin);
      const reply = await chat.say('Create a follow-up workflow');
      expect(reply.confirmation?.summary).toMatch(/lead is created.*Follow up with \{name\}.*wait 2 days/);
      const done = await chat.say('yes');
      const href = done.links?.find((l) => l.href.startsWith('/workflows'))?.href;
      const id = new URL(href!, 'http://x').searchParams.get('focus')!;
      const wf = (await http(stack.api, 'GET', `/workflows/${id}`, { token: stack.admin })).body;
      expect(wf.trigger).toMatchObject({ type: 'event', event_type: 'lead.created' });
      expect(wf.steps.map((s: { action: string }) => s.action)).toEqual(['create_task', 'wait', 'create_task']);
      // Paused again: active, it would act on every lead the other suites create meanwhile.
      expect((await http(stack.api, 'POST', `/workflows/${id}/pause`, { token: stack.admin })).status).toBe(200);
    });

    it("'Analyze team performance' reports the real completion rates and overdue tasks", async () => {
      const chat = conversation(stack, stack.admin);
      const reply = await chat.say('Analyze team performance');
      expect(reply.response).toMatch(/Dana Scully: 0 of \d+ completed \(0%\), \d+ open, 1 overdue/);
      expect(reply.response).toContain('Fox Mulder: 1 of 1 completed (100%), 0 open');
      expect(reply.response).toMatch(/Most overdue: Dana Scully/);
      expect(reply.links).toEqual([{ label: 'Task Management', href: '/tasks' }]);
    });

    it('searches leads and explains a score from its factors', async () => {
      const chat = conversation(stack, stack.employee);
      const found = await chat.say('find leads at Quantum Labs');
      expect(found.response).toMatch(/I found 1 lead/);
      expect(found.response).toContain('Ada Byte');
      const why = await chat.say('why does ada@quantumlabs.io have that score?');
      expect(why.response).toMatch(/Ada Byte \(Quantum Labs\) has a score of \d+/);
      expect(why.response).toMatch(/What makes up the score:\n• /);
    });

    it("says the platform's health is unavailable in plain words when monitoring is not deployed", async () => {
      const chat = conversation(stack, stack.admin);
      const reply = await chat.say('how is the platform health?');
      expect(reply.response).toMatch(/^I couldn't see the platform's health/);
    });
  });
});
