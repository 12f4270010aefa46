import { TASK_STATUSES, TOPICS, type Task, type TaskStatus } from '@sixa/contracts';
import { apiAs, EventRecorder, sleep } from '@sixa/testing';
import mongoose from 'mongoose';
import { newTask, newUserToken, startWork, userIdOf, type WorkContext } from './factories';

/** Tasks, called the way the browser calls them: through the gateway. */
describe('tasks, through the gateway', () => {
  let ctx: WorkContext;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startWork();
    recorder = await new EventRecorder(TOPICS.work, (e) => e.type.startsWith('task.')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  const as = (token: string) => apiAs(ctx.api, token);

  async function taskIn(status: TaskStatus): Promise<Task> {
    const created = await as(ctx.employee).post('/tasks', newTask());
    expect(created.status).toBe(201);
    const path: TaskStatus[] = {
      pending: [],
      in_progress: ['in_progress'],
      completed: ['in_progress', 'completed'],
      cancelled: ['cancelled'],
    }[status] as TaskStatus[];
    let task = created.body as Task;
    for (const to of path) {
      const r = await as(ctx.employee).put(`/tasks/${task.id}`, { status: to });
      expect(r.status).toBe(200);
      task = r.body;
    }
    expect(task.status).toBe(status);
    return task;
  }

  it("sets created_by from the token, whatever the body says (the spec's client sends 'current_user')", async () => {
    const res = await as(ctx.employee).post('/tasks', newTask({ created_by: 'current_user', title: 'Mine' }));
    expect(res.status).toBe(201);
    expect(res.body.created_by).toBe(userIdOf(ctx.employee));
    expect(res.body).toMatchObject({ title: 'Mine', status: 'pending', priority: 'medium', tags: [], due_date: null });
    expect(res.body).not.toHaveProperty('_id');
    expect(res.body).not.toHaveProperty('outbox');
    const event = await recorder.waitFor((e) => e.type === 'task.created' && e.subject === res.body.id);
    expect(event.actor).toBe(userIdOf(ctx.employee));
  });

  describe('every status change (from → to): 200 or 409', () => {
    const allowed = new Set([
      'pending>in_progress',
      'pending>cancelled',
      'in_progress>completed',
      'in_progress>cancelled',
    ]);
    for (const from of TASK_STATUSES) {
      for (const to of TASK_STATUSES) {
        if (from === to) continue;
        const ok = allowed.has(`${from}>${to}`);
        it(`${from} → ${to}: ${ok ? 200 : 409}`, async () => {
          const task = await taskIn(from);
          const res = await as(ctx.employee).put(`/tasks/${task.id}`, { status: to });
          expect(res.status).toBe(ok ? 200 : 409);
          if (ok) expect(res.body.status).toBe(to);
          else expect(res.body.detail).toMatch(new RegExp(`${from.replace('_', ' ')} task cannot become`));
          const now = await as(ctx.employee).get(`/tasks/${task.id}`);
          expect(now.body.status).toBe(ok ? to : from);
        });
      }
    }

    it('the same status again changes nothing (a repeated click)', async () => {
      const task = await taskIn('in_progress');
      const res = await as(ctx.employee).put(`/tasks/${task.id}`, { status: 'in_progress' });
      expect(res.status).toBe(200);
      expect(res.body.rev).toBe(task.rev);
    });

    it('completing publishes status_changed and completed, and sets completed_at', async () => {
      const task = await taskIn('completed');
      expect(task.completed_at).not.toBeNull();
      await recorder.waitFor((e) => e.type === 'task.completed' && e.subject === task.id);
      const changed = await recorder.waitFor(
        (e) => e.type === 'task.status_changed' && e.subject === task.id && e.data.to === 'completed',
      );
      expect(changed.type === 'task.status_changed' && changed.data.from).toBe('in_progress');
    });

    it('two concurrent Starts: one applies, the other finds it started (200, same result)', async () => {
      const task = await taskIn('pending');
      const [a, b] = await Promise.all([
        as(ctx.employee).put(`/tasks/${task.id}`, { status: 'in_progress' }),
        as(ctx.admin).put(`/tasks/${task.id}`, { status: 'in_progress' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      await sleep(300);
      const started = recorder.events.filter(
        (e) => e.type === 'task.status_changed' && e.subject === task.id && e.data.to === 'in_progress',
      );
      expect(started).toHaveLength(1);
    });
  });

  describe('bad input: 400 with a detail', () => {
    it.each([
      ['no title', { title: '' }, /title is required/],
      ['a blank title', { title: '   ' }, /title is required/],
      ['an unknown priority', { priority: 'critical' }, /priority must be one of: low, medium, high, urgent/],
      [
        'a due date that is not a date',
        { due_date: 'next tuesday' },
        /^due date must be an ISO 8601 date-time or null$/,
      ],
      ['tags that are not strings', { tags: [1, 2] }, /tags must be a list of strings/],
      ['an unknown field', { colour: 'red' }, /colour/],
    ])('create with %s', async (_what, body, detail) => {
      const res = await as(ctx.employee).post('/tasks', newTask(body));
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    });

    it('an unknown status', async () => {
      const task = await taskIn('pending');
      const res = await as(ctx.employee).put(`/tasks/${task.id}`, { status: 'done' });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/status must be one of: pending, in_progress, completed, cancelled/);
    });

    it.each([
      ['status', '/tasks?status=done', /status must be one of/],
      ['sort', '/tasks?sort=colour', /sort must be one of/],
      ['limit', '/tasks?limit=0', /limit/],
      ['due_before', '/tasks?due_before=soon', /^due before must be an ISO 8601/],
    ])('a bad %s filter', async (_what, path, detail) => {
      const res = await as(ctx.employee).get(path);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    });

    it('an unknown id is 404, a malformed one too', async () => {
      expect((await as(ctx.employee).get('/tasks/64b7f0000000000000000000')).status).toBe(404);
      expect((await as(ctx.employee).put('/tasks/nope', { status: 'completed' })).status).toBe(404);
    });
  });

  describe('lists: filters, sort, paging', () => {
    let mine: Task[];
    let tag: string;

    beforeAll(async () => {
      tag = `batch-${Date.now()}`;
      const base = Date.parse('2031-03-01T09:00:00Z');
      mine = [];
      for (let i = 0; i < 7; i++) {
        const res = await as(ctx.employee).post(
          '/tasks',
          newTask({
            title: `Report ${i} ${tag}`,
            priority: (['low', 'medium', 'high', 'urgent'] as const)[i % 4],
            due_date: i === 6 ? null : new Date(base + i * 86_400_000).toISOString(),
            tags: [tag],
          }),
        );
        mine.push(res.body);
      }
      await as(ctx.employee).put(`/tasks/${mine[1].id}`, { status: 'in_progress' });
    });

    it('no parameters: the plain list, newest first, with X-Total-Count', async () => {
      const res = await as(ctx.employee).get('/tasks');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
      const times = res.body.map((t: Task) => Date.parse(t.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('text search, status and priority filters', async () => {
      const q = await as(ctx.employee).get(`/tasks?q=${tag}`);
      expect(q.body).toHaveLength(7);
      const started = await as(ctx.employee).get(`/tasks?q=${tag}&status=in_progress`);
      expect(started.body.map((t: Task) => t.id)).toEqual([mine[1].id]);
      const urgent = await as(ctx.employee).get(`/tasks?q=${tag}&priority=urgent`);
      expect(urgent.body.map((t: Task) => t.title).sort()).toEqual([`Report 3 ${tag}`]);
    });

    it('due before / after', async () => {
      const res = await as(ctx.employee).get(
        `/tasks?q=${tag}&due_after=2031-03-02T00:00:00Z&due_before=2031-03-04T00:00:00Z`,
      );
      expect(res.body.map((t: Task) => t.title).sort()).toEqual([`Report 1 ${tag}`, `Report 2 ${tag}`]);
    });

    it('sort by due date puts tasks without one last; by priority, urgent first', async () => {
      const due = await as(ctx.employee).get(`/tasks?q=${tag}&sort=due_date`);
      expect(due.body.map((t: Task) => t.title)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `Report ${i} ${tag}`));
      const prio = await as(ctx.employee).get(`/tasks?q=${tag}&sort=-priority`);
      expect(prio.body.map((t: Task) => t.priority)).toEqual([
        'urgent',
        'high',
        'high',
        'medium',
        'medium',
        'low',
        'low',
      ]);
    });

    it('keyset paging reads every task once', async () => {
      const seen: string[] = [];
      let after = '';
      for (let page = 0; page < 5; page++) {
        const res = await as(ctx.employee).get(
          `/tasks?q=${tag}&sort=due_date&limit=3${after ? `&after=${after}` : ''}`,
        );
        expect(res.headers.get('x-total-count')).toBe('7');
        seen.push(...res.body.map((t: Task) => t.id));
        after = res.headers.get('x-next-cursor') ?? '';
        if (!after) break;
      }
      expect(seen).toEqual([...mine.map((t) => t.id)]);
    });
  });

  describe('stats', () => {
    it('counts per status and the completion rate (completed over assigned, rounded)', async () => {
      const before = (await as(ctx.employee).get('/tasks/stats')).body;
      await taskIn('completed');
      await taskIn('completed');
      await taskIn('pending');
      await taskIn('cancelled');
      const after = (await as(ctx.employee).get('/tasks/stats')).body;
      expect(after.total - before.total).toBe(4);
      expect(after.completed - before.completed).toBe(2);
      expect(after.cancelled - before.cancelled).toBe(1);
      const assigned = after.total - after.cancelled;
      expect(after.completion_rate).toBe(Math.round((after.completed / assigned) * 100));
      expect(after.total).toBe(after.pending + after.in_progress + after.completed + after.cancelled);
    });
  });

  describe('edit and delete', () => {
    it("the creator edits; another employee may change the status but not the task's fields", async () => {
      const other = await newUserToken(ctx);
      const task = (await as(ctx.employee).post('/tasks', newTask({ title: 'Shared' }))).body as Task;
      const edit = await as(other.token).put(`/tasks/${task.id}`, { title: 'Taken over' });
      expect(edit.status).toBe(403);
      expect(edit.body.detail).toMatch(/creator or an admin/);
      expect((await as(other.token).put(`/tasks/${task.id}`, { status: 'in_progress' })).status).toBe(200);
      const mine = await as(ctx.employee).put(`/tasks/${task.id}`, { title: 'Renamed', tags: [' a ', 'A', 'b', ''] });
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ title: 'Renamed', tags: ['a', 'b'], status: 'in_progress' });
      const admin = await as(ctx.admin).put(`/tasks/${task.id}`, { priority: 'urgent' });
      expect(admin.body.priority).toBe('urgent');
    });

    it('an edit on an old revision is refused (409), not overwritten', async () => {
      const task = (await as(ctx.employee).post('/tasks', newTask())).body as Task;
      await as(ctx.employee).put(`/tasks/${task.id}`, { title: 'First', rev: task.rev });
      const late = await as(ctx.employee).put(`/tasks/${task.id}`, { title: 'Second', rev: task.rev });
      expect(late.status).toBe(409);
      expect(late.body.detail).toMatch(/changed by someone else/);
    });

    it('delete: 204, then 404; the event says so', async () => {
      const task = (await as(ctx.employee).post('/tasks', newTask())).body as Task;
      expect((await as(ctx.employee).delete(`/tasks/${task.id}`)).status).toBe(204);
      expect((await as(ctx.employee).get(`/tasks/${task.id}`)).status).toBe(404);
      expect((await as(ctx.employee).delete(`/tasks/${task.id}`)).status).toBe(404);
      await recorder.waitFor((e) => e.type === 'task.deleted' && e.subject === task.id);
    });
  });

  describe('overdue: a durable timer', () => {
    it('a due date passing while the service is stopped gives exactly one task.overdue after restart', async () => {
      const due = new Date(Date.now() + 2_000).toISOString();
      const task = (await as(ctx.employee).post('/tasks', newTask({ title: 'Due soon', due_date: due }))).body as Task;
      await ctx.restart(async () => {
        // The due time passes while no work service runs.
        await sleep(Math.max(0, Date.parse(due) - Date.now()) + 500);
        expect(recorder.events.filter((e) => e.type === 'task.overdue' && e.subject === task.id)).toHaveLength(0);
      });
      await recorder.waitFor((e) => e.type === 'task.overdue' && e.subject === task.id, 20_000);
      // Several more sweeps: still one.
      await sleep(6 * ctx.config.timerSweepMs + 500);
      expect(recorder.events.filter((e) => e.type === 'task.overdue' && e.subject === task.id)).toHaveLength(1);
      const now = (await as(ctx.employee).get(`/tasks/${task.id}`)).body as Task;
      expect(now.overdue_at).not.toBeNull();
      expect((await as(ctx.employee).get('/tasks/stats')).body.overdue).toBeGreaterThanOrEqual(1);
    }, 60_000);

    it('a completed task is never overdue; moving the due date ahead arms the timer again', async () => {
      const done = await taskIn('in_progress');
      // Due in 2 s: completed well before then, even on a loaded machine; its armed timer must not fire.
      const doneDueAt = Date.now() + 2000;
      await as(ctx.employee).put(`/tasks/${done.id}`, { due_date: new Date(doneDueAt).toISOString() });
      await as(ctx.employee).put(`/tasks/${done.id}`, { status: 'completed' });
      expect(Date.now()).toBeLessThan(doneDueAt);
      const again = (
        await as(ctx.employee).post('/tasks', newTask({ due_date: new Date(Date.now() + 300).toISOString() }))
      ).body as Task;
      await recorder.waitFor((e) => e.type === 'task.overdue' && e.subject === again.id);
      await as(ctx.employee).put(`/tasks/${again.id}`, { due_date: new Date(Date.now() + 800).toISOString() });
      const fired = await recorder.waitFor(
        (e) =>
          e.type === 'task.overdue' &&
          e.subject === again.id &&
          recorder.events.filter((x) => x.type === 'task.overdue' && x.subject === again.id).length === 2,
      );
      expect(fired).toBeTruthy();
      await sleep(Math.max(0, doneDueAt - Date.now()) + 4 * ctx.config.timerSweepMs);
      expect(recorder.events.filter((e) => e.type === 'task.overdue' && e.subject === done.id)).toHaveLength(0);
    }, 30_000);
  });

  it('stores nothing the client sent for server-owned fields', async () => {
    const res = await as(ctx.employee).post('/tasks', { ...newTask(), created_by: 'someone-else' });
    const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
    try {
      const doc = await conn.collection('tasks').findOne({ title: res.body.title });
      expect(doc?.created_by).toBe(userIdOf(ctx.employee));
      expect(doc?.status).toBe('pending');
    } finally {
      await conn.close();
    }
  });
});
