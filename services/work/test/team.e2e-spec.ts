import { TOPICS, type TaskAssignee, type TeamMember } from '@sixa/contracts';
import { EventRecorder, http, sleep } from '@sixa/testing';
import { newTask, newUserToken, startWork, type WorkContext } from './factories';

/** Team Management, through the gateway: admin only, real figures from task events, presence from the gateway. */
describe('team, through the gateway', () => {
  let ctx: WorkContext;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startWork();
    recorder = await new EventRecorder(TOPICS.work, (e) => e.type.startsWith('team_member.')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  const call = (token: string, method: string, path: string, body?: unknown) =>
    http(ctx.api, method, path, { token, body });
  let n = 0;
  const member = (overrides: Record<string, unknown> = {}) => ({
    name: `Member ${++n}`,
    email: `member${n}.${Date.now()}@example.com`,
    role: 'Account Executive',
    department: 'Sales',
    ...overrides,
  });

  /** Polls until `check` passes (the figures follow events, so they come within a moment). */
  async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 2_000): Promise<T> {
    const until = Date.now() + ms;
    let v = await read();
    while (!check(v) && Date.now() < until) {
      await sleep(50);
      v = await read();
    }
    return v;
  }
  const get = async (id: string) => (await call(ctx.admin, 'GET', `/team/${id}`)).body as TeamMember;

  it('employees get 403 on every team route', async () => {
    for (const [method, path] of [
      ['GET', '/team'],
      ['GET', '/team/stats'],
      ['POST', '/team'],
      ['PUT', '/team/64b7f0000000000000000000'],
      ['DELETE', '/team/64b7f0000000000000000000'],
    ]) {
      const res = await call(
        ctx.employee,
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : member(),
      );
      expect([method, path, res.status]).toEqual([method, path, 403]);
      expect(res.body.detail).toBe("You don't have permission to access this feature.");
    }
    // The service refuses too, whoever reaches it directly.
    expect((await http(ctx.url, 'GET', '/team', { token: ctx.employee })).status).toBe(403);
  });

  it('an admin adds a member: defaults, event, and the list', async () => {
    const res = await call(ctx.admin, 'POST', '/team', member({ name: 'Grace Hopper', avatar_url: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Grace Hopper',
      avatar_url: null,
      is_online: false,
      tasks_assigned: 0,
      tasks_completed: 0,
      project_count: 0,
    });
    expect(res.body.joined_at).toBeTruthy();
    const list = (await call(ctx.admin, 'GET', '/team')).body as TeamMember[];
    expect(list.map((m) => m.id)).toContain(res.body.id);
    await recorder.waitFor((e) => e.type === 'team_member.created' && e.subject === res.body.id);
  });

  it.each([
    ['no name', { name: '' }, /name is required/],
    ['a bad e-mail', { email: 'not-an-email' }, /^e-mail must be a valid e-mail address$/],
    ['no role', { role: ' ' }, /role is required/],
    ['an unknown department', { department: 'Legal' }, /department must be one of: Sales, Marketing, Engineering/],
    ['an avatar that is not a URL', { avatar_url: 'javascript:alert(1)' }, /^avatar URL must be an http\(s\) URL$/],
  ])('refuses %s (400)', async (_what, body, detail) => {
    const res = await call(ctx.admin, 'POST', '/team', member(body));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('an e-mail is unique (409), whatever the case', async () => {
    const m = member();
    expect((await call(ctx.admin, 'POST', '/team', m)).status).toBe(201);
    const again = await call(ctx.admin, 'POST', '/team', { ...member(), email: m.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already exists/);
  });

  it('filters by department; edits and removes', async () => {
    const m = (await call(ctx.admin, 'POST', '/team', member({ department: 'Finance' }))).body as TeamMember;
    const finance = (await call(ctx.admin, 'GET', '/team?department=Finance')).body as TeamMember[];
    expect(finance.every((x) => x.department === 'Finance')).toBe(true);
    expect(finance.map((x) => x.id)).toContain(m.id);
    expect((await call(ctx.admin, 'GET', '/team?department=Legal')).status).toBe(400);
    const edited = await call(ctx.admin, 'PUT', `/team/${m.id}`, { ...member(), name: 'Renamed', rev: m.rev });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Renamed');
    expect((await call(ctx.admin, 'DELETE', `/team/${m.id}`)).status).toBe(204);
    expect((await call(ctx.admin, 'GET', `/team/${m.id}`)).status).toBe(404);
  });

  it("a member's figures follow task events: assign and complete a task, the counts change within 2 s", async () => {
    const m = (await call(ctx.admin, 'POST', '/team', member({ name: 'Ada Lovelace' }))).body as TeamMember;
    // Chosen from the suggestions (any signed-in user may ask for them).
    const suggestions = (await call(ctx.employee, 'GET', '/tasks/assignees?q=lovelace')).body as TaskAssignee[];
    expect(suggestions.map((s) => s.id)).toEqual([m.id]);
    const a = (await call(ctx.employee, 'POST', '/tasks', newTask({ assigned_to: 'Ada Lovelace', assignee_id: m.id })))
      .body;
    // Typed by hand: the name matches the member, so it counts too.
    const b = (await call(ctx.employee, 'POST', '/tasks', newTask({ assigned_to: 'ada lovelace' }))).body;
    expect(b.assignee_id).toBe(m.id);
    let now = await eventually(
      () => get(m.id),
      (x) => x.tasks_assigned === 2,
    );
    expect(now).toMatchObject({ tasks_assigned: 2, tasks_completed: 0 });

    await call(ctx.employee, 'PUT', `/tasks/${a.id}`, { status: 'in_progress' });
    await call(ctx.employee, 'PUT', `/tasks/${a.id}`, { status: 'completed' });
    now = await eventually(
      () => get(m.id),
      (x) => x.tasks_completed === 1,
    );
    expect(now).toMatchObject({ tasks_assigned: 2, tasks_completed: 1 });

    // Cancelled work is not assigned work any more; reassigned work moves with it.
    await call(ctx.employee, 'PUT', `/tasks/${b.id}`, { status: 'cancelled' });
    now = await eventually(
      () => get(m.id),
      (x) => x.tasks_assigned === 1,
    );
    expect(now).toMatchObject({ tasks_assigned: 1, tasks_completed: 1 });
    const stats = (await call(ctx.admin, 'GET', '/team/stats')).body;
    expect(stats.total_members).toBeGreaterThanOrEqual(1);
    expect(stats.departments).toBeGreaterThanOrEqual(1);
  });

  it('an unknown assignee_id is refused (400)', async () => {
    const res = await call(ctx.employee, 'POST', '/tasks', newTask({ assignee_id: '64b7f0000000000000000000' }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/not a member of the team/);
  });

  it('a user who signs in and uses the product shows as online', async () => {
    // A user who has not used the product through the gateway yet.
    const user = await newUserToken(ctx);
    const m = (await call(ctx.admin, 'POST', '/team', member({ name: user.name, email: user.email }))).body;
    expect(m.is_online).toBe(false);
    await sleep(1_000);
    expect((await get(m.id)).is_online).toBe(false);
    // Signing in, then the first authenticated request the web client makes.
    const login = await http(ctx.api, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect((await call(login.body.access_token, 'GET', '/auth/me')).status).toBe(200);
    const online = await eventually(
      () => get(m.id),
      (x) => x.is_online,
      10_000,
    );
    expect(online.is_online).toBe(true);
    expect(online.last_seen_at).toBeTruthy();
    const stats = (await call(ctx.admin, 'GET', '/team/stats')).body;
    expect(stats.online_now).toBeGreaterThanOrEqual(1);
    // Someone who has not been seen stays offline.
    const absent = (await call(ctx.admin, 'POST', '/team', member())).body;
    expect(absent.is_online).toBe(false);
  }, 20_000);
});
