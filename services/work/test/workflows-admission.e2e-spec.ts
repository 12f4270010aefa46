import type { Workflow, WorkflowRun } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { newWorkflow, startWork, type WorkContext } from './factories';

/**
 * Admission: beyond WORKFLOW_MAX_ACTIVE_RUNS active runs, started runs wait in the queue (pending,
 * not taken in) and are taken in as places free up, on the real store and Kafka, through the gateway.
 */
describe('workflow run admission', () => {
  let ctx: WorkContext;

  beforeAll(async () => {
    ctx = await startWork({ workflowMaxActiveRuns: 2 });
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  const get = (path: string) => http(ctx.api, 'GET', path, { token: ctx.employee });
  const post = (path: string, body?: unknown) => http(ctx.api, 'POST', path, { token: ctx.employee, body });

  async function runs(ids: string[]): Promise<WorkflowRun[]> {
    return Promise.all(
      ids.map(async (id) => {
        const res = await get(`/workflows/runs/${id}`);
        expect(res.status).toBe(200);
        return res.body as WorkflowRun;
      }),
    );
  }

  it('queues runs beyond the active limit and takes them in as earlier ones finish', async () => {
    const created = await post(
      '/workflows',
      newWorkflow({
        name: `Admission ${Date.now()}`,
        steps: [
          { action: 'create_task', description: 'first', params: { title: `Admission task ${Date.now()}` } },
          { action: 'wait', description: 'pause', params: { seconds: 2 } },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const workflow = created.body as Workflow;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(`/workflows/${workflow.id}/execute`, {});
      expect(res.status).toBe(202);
      ids.push((res.body as WorkflowRun).id);
    }

    // While the first two wait (2 s), the other three stay queued.
    let snapshot: WorkflowRun[] = [];
    const end = Date.now() + 10_000;
    do {
      await sleep(100);
      snapshot = await runs(ids);
    } while (snapshot.filter((r) => r.admitted_at).length < 2 && Date.now() < end);
    expect(snapshot.filter((r) => r.admitted_at)).toHaveLength(2);
    const queued = snapshot.filter((r) => !r.admitted_at);
    expect(queued).toHaveLength(3);
    expect(queued.every((r) => r.status === 'pending' && r.steps.every((s) => s.status === 'pending'))).toBe(true);

    // All finish; none was taken in before a place was free (at most two active at any time).
    let done: WorkflowRun[] = [];
    const until = Date.now() + 30_000;
    do {
      await sleep(250);
      done = await runs(ids);
    } while (done.some((r) => r.status !== 'succeeded') && Date.now() < until);
    expect(done.map((r) => r.status)).toEqual(Array(5).fill('succeeded'));
    const spans = done.map((r) => ({ from: Date.parse(r.admitted_at!), to: Date.parse(r.ended_at!) }));
    for (const { from } of spans) {
      // Active at the moment this one was taken in (itself excluded): at most one other.
      const others = spans.filter((s) => s.from < from && s.to > from);
      expect(others.length).toBeLessThanOrEqual(1);
    }
    // Started (requested) before being taken in: the queue time is visible.
    expect(done.every((r) => Date.parse(r.admitted_at!) >= Date.parse(r.started_at))).toBe(true);
  });
});
