import type {
  CreateWorkflowDto,
  Workflow,
  WorkflowRun,
  WorkflowStats,
  WorkflowStep,
  WorkflowTrigger,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/** Texts shown when the server gives no detail (the spec only logs workflow failures). */
export const WORKFLOW_ERRORS = {
  load: 'Could not load workflows.',
  runs: 'Could not load the run history.',
  create: 'Error creating workflow',
  update: 'Error updating workflow',
  execute: 'Error executing workflow',
  pause: 'Error pausing workflow',
  resume: 'Error resuming workflow',
  delete: 'Error deleting workflow',
} as const;

/** The spec's list is every workflow: one page as large as the server gives. */
export const WORKFLOWS_LIMIT = 200;
/** Runs shown in the history drawer, newest first. */
export const RUNS_LIMIT = 50;

/** POST /workflows and PUT /workflows/{id}: what the editor sends. */
export type WorkflowBody = Required<Pick<CreateWorkflowDto, 'name' | 'description'>> & {
  trigger: WorkflowTrigger;
  steps: WorkflowStep[];
};

const LIST = { type: 'Workflow', id: 'LIST' } as const;
const STATS = { type: 'Workflow', id: 'STATS' } as const;
const path = (id: string) => `/workflows/${encodeURIComponent(id)}`;

export const workflowsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkflows: build.query<Workflow[], void>({
      query: () => ({ url: '/workflows', params: { limit: WORKFLOWS_LIMIT } }),
      providesTags: (data) => [...(data ?? []).map(({ id }) => ({ type: 'Workflow' as const, id })), LIST],
    }),
    getWorkflowStats: build.query<WorkflowStats, void>({
      query: () => '/workflows/stats',
      providesTags: [STATS],
    }),
    getWorkflowRuns: build.query<WorkflowRun[], string>({
      query: (id) => ({ url: `${path(id)}/runs`, params: { limit: RUNS_LIMIT } }),
      providesTags: (_data, _error, id) => [{ type: 'Workflow', id: `RUNS-${id}` }],
    }),
    /** One run, polled after Execute until it ends. */
    getWorkflowRun: build.query<WorkflowRun, string>({
      query: (runId) => `/workflows/runs/${encodeURIComponent(runId)}`,
    }),
    createWorkflow: build.mutation<Workflow, WorkflowBody>({
      query: (body) => ({ url: '/workflows', method: 'POST', body }),
      invalidatesTags: [LIST, STATS],
    }),
    editWorkflow: build.mutation<Workflow, RecordEdit<WorkflowBody>>({
      query: ({ id, ...edit }) => editRequest(path(id), edit),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Workflow', id }, STATS],
    }),
    /** 202 with the stored run; it proceeds on the server. */
    executeWorkflow: build.mutation<WorkflowRun, string>({
      query: (id) => ({ url: `${path(id)}/execute`, method: 'POST', body: {} }),
      transformErrorResponse: alertError(WORKFLOW_ERRORS.execute),
    }),
    setWorkflowEnabled: build.mutation<Workflow, { id: string; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: `${path(id)}/${enabled ? 'resume' : 'pause'}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Workflow', id }, STATS],
      transformErrorResponse: (error, _meta, { enabled }) =>
        alertError(enabled ? WORKFLOW_ERRORS.resume : WORKFLOW_ERRORS.pause)(error),
    }),
    deleteWorkflow: build.mutation<void, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: [LIST, STATS],
      transformErrorResponse: alertError(WORKFLOW_ERRORS.delete),
    }),
  }),
});

/** After a run ends: the counters, the status and the history are read again. */
export const refreshAfterRun = (id: string) =>
  workflowsApi.util.invalidateTags([{ type: 'Workflow', id }, { type: 'Workflow', id: `RUNS-${id}` }, LIST, STATS]);

export const {
  useGetWorkflowsQuery,
  useGetWorkflowStatsQuery,
  useGetWorkflowRunsQuery,
  useGetWorkflowRunQuery,
  useCreateWorkflowMutation,
  useEditWorkflowMutation,
  useExecuteWorkflowMutation,
  useSetWorkflowEnabledMutation,
  useDeleteWorkflowMutation,
} = workflowsApi;
