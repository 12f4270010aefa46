import { TOPICS, type Workflow } from '@sixa/contracts';
import { apiAs, EventRecorder } from '@sixa/testing';
import { newWorkflow, startWork, userIdOf, type WorkContext } from './factories';

/** Workflow definitions, called the way the browser calls them: through the gateway. */
describe('workflow definitions, through the gateway', () => {
  let ctx: WorkContext;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startWork();
    recorder = await new EventRecorder(TOPICS.work, (e) => e.type.startsWith('workflow.')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  const as = (token: string) => apiAs(ctx.api, token);

  it('creates a workflow with created_by from the token and the figures of a workflow that never ran', async () => {
    const res = await as(ctx.employee).post('/workflows', newWorkflow({ name: 'Onboarding' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Onboarding',
      created_by: userIdOf(ctx.employee),
      status: 'active',
      enabled: true,
      executions: 0,
      success_rate: 0,
      trigger: { type: 'manual' },
      steps: [{ action: 'create_task', delay: 0 }, { action: 'create_task' }],
    });
    expect(res.body).not.toHaveProperty('_id');
    expect(res.body).not.toHaveProperty('outbox');
    expect(res.body).not.toHaveProperty('applied_events');
    const event = await recorder.waitFor((e) => e.type === 'workflow.created' && e.subject === res.body.id);
    expect(event.actor).toBe(userIdOf(ctx.employee));
  });

  it('fills a step without delay with 0', async () => {
    const res = await as(ctx.employee).post(
      '/workflows',
      newWorkflow({ steps: [{ action: 'wait', description: 'pause', params: { seconds: 5 } }] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.steps[0]).toEqual({ action: 'wait', description: 'pause', delay: 0, params: { seconds: 5 } });
  });

  it.each([
    ['without a name', { name: '' }, /name is required/],
    ['without steps', { steps: [] }, /at least one step/],
    ['with an unknown action', { steps: [{ action: 'launch_rocket' }] }, /action must be one of/],
    ['with bad parameters', { steps: [{ action: 'create_task', params: {} }] }, /step 1 \(create_task\).*title/],
    ['with a bad cron', { trigger: { type: 'schedule', cron: 'every day', time_zone: 'UTC' } }, /cron/],
    [
      'with an unknown time zone',
      { trigger: { type: 'schedule', cron: '0 9 * * *', time_zone: 'Mars/Base' } },
      /time_zone/,
    ],
    [
      'with an event trigger without a type',
      { trigger: { type: 'event', conditions: [] } },
      /^Trigger: event type is required$/,
    ],
  ])('refuses a workflow %s with a 400 and a detail', async (_, overrides, detail) => {
    const res = await as(ctx.employee).post('/workflows', newWorkflow(overrides));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('stores schedule and event triggers', async () => {
    const cron = await as(ctx.employee).post(
      '/workflows',
      newWorkflow({ trigger: { type: 'schedule', cron: '0 9 * * 1-5', time_zone: 'Europe/Paris' } }),
    );
    expect(cron.status).toBe(201);
    expect(cron.body.trigger).toEqual({ type: 'schedule', cron: '0 9 * * 1-5', time_zone: 'Europe/Paris' });
    expect(new Date(cron.body.next_fire_at).getTime()).toBeGreaterThan(Date.now());
    // No lead of another suite matches it (an active workflow would act on all of theirs).
    const onlyTheseLeads = [
      { field: 'lead.source', op: 'eq', value: 'Referral' },
      { field: 'lead.company', op: 'eq', value: `No such company ${Date.now()}` },
    ];
    const onEvent = await as(ctx.employee).post(
      '/workflows',
      newWorkflow({
        trigger: {
          type: 'event',
          event_type: 'lead.created',
          conditions: onlyTheseLeads,
        },
      }),
    );
    expect(onEvent.status).toBe(201);
    expect(onEvent.body.trigger).toEqual({
      type: 'event',
      event_type: 'lead.created',
      conditions: onlyTheseLeads,
    });
  });

  it('reads, edits with a revision, pauses, resumes and deletes a workflow', async () => {
    const created: Workflow = (await as(ctx.employee).post('/workflows', newWorkflow())).body;
    expect((await as(ctx.employee).get(`/workflows/${created.id}`)).body.name).toBe(created.name);

    const edited = await as(ctx.employee).put(`/workflows/${created.id}`, { name: 'Renamed', rev: created.rev });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', rev: created.rev + 1 });
    const stale = await as(ctx.employee).put(`/workflows/${created.id}`, { name: 'Again', rev: created.rev });
    expect(stale.status).toBe(409);
    const updated = await recorder.waitFor((e) => e.type === 'workflow.updated' && e.subject === created.id);
    expect(updated.data).toMatchObject({
      changed_fields: ['name'],
      before: { name: created.name },
      after: { name: 'Renamed' },
    });

    const paused = await as(ctx.employee).post(`/workflows/${created.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', enabled: false });
    expect((await as(ctx.employee).post(`/workflows/${created.id}/pause`)).body.status).toBe('paused');
    const resumed = await as(ctx.employee).post(`/workflows/${created.id}/resume`);
    expect(resumed.body).toMatchObject({ status: 'active', enabled: true });

    expect((await as(ctx.admin).delete(`/workflows/${created.id}`)).status).toBe(204);
    expect((await as(ctx.employee).get(`/workflows/${created.id}`)).status).toBe(404);
    await recorder.waitFor((e) => e.type === 'workflow.deleted' && e.subject === created.id);
  });

  it('refuses edits by someone other than the creator or an admin, and answers 404 for unknown ids', async () => {
    const created: Workflow = (await as(ctx.admin).post('/workflows', newWorkflow())).body;
    expect((await as(ctx.employee).put(`/workflows/${created.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await as(ctx.employee).post(`/workflows/${created.id}/pause`)).status).toBe(403);
    expect((await as(ctx.employee).get('/workflows/000000000000000000000000')).status).toBe(404);
    expect((await as(ctx.employee).get('/workflows/not-an-id')).status).toBe(404);
  });

  it('lists newest first with X-Total-Count and counts the stat cards', async () => {
    const list = await as(ctx.employee).get('/workflows');
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBe(list.body.length);
    const times = (list.body as Workflow[]).map((w) => w.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await as(ctx.employee).get('/workflows?limit=2');
    expect(page.body).toHaveLength(2);

    const stats = await as(ctx.employee).get('/workflows/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      total_workflows: list.body.length,
      active: (list.body as Workflow[]).filter((w) => w.enabled).length,
      total_executions: 0,
      avg_success_rate: 0,
    });
  });
});
