import type { Task, Workflow, WorkflowRun } from '@sixa/contracts';
import { consumerGroupsStable, http, sleep } from '@sixa/testing';
import { newTask, newWorkflow, startWork, type WorkContext } from './factories';

/** The loop guard: a workflow started by events its own runs cause stops at WORKFLOW_MAX_CHAIN_DEPTH. */
describe('workflow loop guard, through the gateway', () => {
  let ctx: WorkContext;

  beforeAll(async () => {
    ctx = await startWork({ workflowMaxChainDepth: 3 });
    // Event triggers read from now on: a task made before the group joined starts nothing.
    await consumerGroupsStable([`${ctx.config.mongoDb}-workflow-triggers`]);
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  const get = (path: string) => http(ctx.api, 'GET', path, { token: ctx.employee });
  const post = (path: string, body?: unknown) => http(ctx.api, 'POST', path, { token: ctx.employee, body });

  async function runsOf(id: string): Promise<WorkflowRun[]> {
    return (await get(`/workflows/${id}/runs?limit=100`)).body as WorkflowRun[];
  }

  it('a workflow on task.created that creates a task runs 1 + 3 times for one task made by a person, then stops', async () => {
    const tag = `loop${Date.now()}`;
    const created = await post(
      '/workflows',
      newWorkflow({
        name: 'Task begets task',
        // Only this test's tasks: other suites make tasks on the same Kafka meanwhile.
        trigger: {
          type: 'event',
          event_type: 'task.created',
          conditions: [{ field: 'task.title', op: 'contains', value: tag }],
        },
        steps: [{ action: 'create_task', description: 'again', params: { title: `${tag} after {{task.title}}` } }],
      }),
    );
    expect(created.status).toBe(201);
    const w = created.body as Workflow;
    expect((await post('/tasks', newTask({ title: `${tag} by hand` }))).status).toBe(201);

    // Depths 0..3 run; the task of the run at depth 3 would start a run at depth 4: refused.
    const end = Date.now() + 45_000;
    let runs: WorkflowRun[] = [];
    while (Date.now() < end) {
      runs = await runsOf(w.id);
      if (runs.length >= 4 && runs.every((r) => r.status === 'succeeded')) break;
      await sleep(200);
    }
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    // Long enough for a fifth run to have started, were there no guard.
    await sleep(3_000);
    expect(await runsOf(w.id)).toHaveLength(4);
    const tasks = ((await get(`/tasks?q=${encodeURIComponent(tag)}&limit=100`)).body as Task[]).filter((t) =>
      t.title.startsWith(tag),
    );
    expect(tasks).toHaveLength(5);
    expect(tasks.filter((t) => t.tags.includes('workflow'))).toHaveLength(4);

    // Why: counted (and logged) as a refused run.
    const metrics = await (await fetch(`${ctx.url}/metrics`)).text();
    expect(metrics).toMatch(/workflow_runs_refused_total\{reason="chain_too_deep"\} [1-9]/);
    expect((await post(`/workflows/${w.id}/pause`)).status).toBe(200);
  });

  it('a task a person makes after a chain starts a chain of its own (depth from the event, not the workflow)', async () => {
    const tag = `again${Date.now()}`;
    const w = (
      await post(
        '/workflows',
        newWorkflow({
          name: 'Only hand-made',
          trigger: {
            type: 'event',
            event_type: 'task.created',
            conditions: [{ field: 'task.title', op: 'contains', value: tag }],
          },
          steps: [{ action: 'create_task', params: { title: `follow-up ${tag}` } }],
        }),
      )
    ).body as Workflow;
    expect((await post('/tasks', newTask({ title: `first ${tag}` }))).status).toBe(201);
    expect((await post('/tasks', newTask({ title: `second ${tag}` }))).status).toBe(201);
    const end = Date.now() + 30_000;
    let runs: WorkflowRun[] = [];
    // Each hand-made task: its run (depth 0), whose task (title contains the tag) starts runs down to depth 3.
    while (Date.now() < end) {
      runs = await runsOf(w.id);
      if (runs.length >= 8 && runs.every((r) => r.status === 'succeeded')) break;
      await sleep(200);
    }
    await sleep(2_000);
    expect(await runsOf(w.id)).toHaveLength(8);
  });
});
