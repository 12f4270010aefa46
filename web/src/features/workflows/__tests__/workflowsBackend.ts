import type { User, Workflow, WorkflowRun, WorkflowStats } from '@sixa/contracts/browser';
import { mockApi, type MockApi } from '../../../test/mockApi';
import { WORKFLOWS_LIMIT, RUNS_LIMIT } from '../workflowsApi';

let sequence = 0;

/** A workflow as the work service returns it. */
export function buildWorkflow(overrides: Partial<Workflow> = {}): Workflow {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 9, 0, sequence)).toISOString();
  return {
    id: `wf-${sequence}`,
    etag: `0.wf-${sequence}`,
    name: `Workflow ${sequence}`,
    description: '',
    steps: [{ action: 'create_task', description: '', delay: 0, params: { title: 'Call' } }],
    trigger: { type: 'manual' },
    status: 'active',
    enabled: true,
    retries: 3,
    executions: 0,
    succeeded: 0,
    failed: 0,
    success_rate: 0,
    last_run_at: null,
    next_fire_at: null,
    created_by: 'admin-1',
    created_at: at,
    updated_at: at,
    rev: 0,
    ...overrides,
  };
}

export function buildRun(workflow: Workflow, overrides: Partial<WorkflowRun> = {}): WorkflowRun {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 0, 2, 9, 0, sequence)).toISOString();
  return {
    id: `run-${sequence}`,
    workflow_id: workflow.id,
    workflow_name: workflow.name,
    status: 'running',
    trigger: { type: 'manual', actor: 'admin-1' },
    input: {},
    steps: workflow.steps.map((s, index) => ({
      index,
      action: s.action,
      status: 'pending',
      attempts: 0,
      input: null,
      output: null,
      error: null,
      started_at: null,
      ended_at: null,
    })),
    current_step: 0,
    next_at: null,
    error: null,
    started_at: at,
    admitted_at: at,
    ended_at: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function statsOf(workflows: Workflow[]): WorkflowStats {
  const ran = workflows.filter((w) => w.executions > 0);
  return {
    total_workflows: workflows.length,
    active: workflows.filter((w) => w.enabled).length,
    total_executions: workflows.reduce((n, w) => n + w.executions, 0),
    avg_success_rate: ran.length ? Math.round((ran.reduce((n, w) => n + w.success_rate, 0) / ran.length) * 10) / 10 : 0,
  };
}

/** The workflow endpoints over a list the test may change (`workflows`), on top of mockApi. */
export function workflowsBackend(initial: Workflow[], me: User) {
  const state = { workflows: [...initial] };
  const api: MockApi = mockApi({
    'GET /api/auth/me': { body: me },
    [`GET /api/workflows?limit=${WORKFLOWS_LIMIT}`]: () => ({ body: state.workflows }),
    'GET /api/workflows/stats': () => ({ body: statsOf(state.workflows) }),
  });
  const runsOf = (workflow: Workflow, runs: WorkflowRun[]) =>
    api.use({ [`GET /api/workflows/${workflow.id}/runs?limit=${RUNS_LIMIT}`]: { body: runs } });
  return { api, state, runsOf };
}
