import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { CreateTaskDto, Task, TaskAssignee, TaskStats, TaskStatus, UpdateTaskDto } from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/**
 * Texts shown when the server gives no detail. The spec only logs task failures; as on the Leads
 * screen, a failed load shows its reason with a Retry, and a failed save its reason inside the form.
 */
export const TASK_ERRORS = {
  load: 'Could not load tasks.',
  create: 'Error creating task',
  update: 'Error updating task',
  status: 'Error updating task status',
  delete: 'Error deleting task',
} as const;

/** Cards per page: fills rows of one, two or three cards. */
export const TASKS_PAGE_SIZE = 60;

/** What the list shows: one status (a tab) or all, an optional text search, and due before a time. */
export interface TaskListArgs {
  status?: TaskStatus;
  q?: string;
  /** ISO time: only tasks due before it (the overdue filter). */
  due_before?: string;
}

export interface TaskPage {
  items: Task[];
  /** All tasks matching the filters (header X-Total-Count). */
  total: number;
  /** The `after` of the next page (header X-Next-Cursor); null on the last page. */
  next: string | null;
}

/** POST /tasks: `assignee_id` when the assignee was chosen from the suggestions. */
export type CreateTaskBody = Required<
  Pick<CreateTaskDto, 'title' | 'description' | 'priority' | 'assigned_to' | 'due_date' | 'tags'>
> &
  Pick<CreateTaskDto, 'assignee_id'>;

/** PUT /tasks/{id} from the edit form: every field (the revision the form was opened on goes as If-Match). */
export type EditTaskBody = CreateTaskBody;

const LIST = { type: 'Task', id: 'LIST' } as const;
const STATS = { type: 'Task', id: 'STATS' } as const;

function listParams({ status, q, due_before }: TaskListArgs, after: string | null): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: TASKS_PAGE_SIZE, sort: '-created_at' };
  if (status) params.status = status;
  if (due_before) params.due_before = due_before;
  if (q?.trim()) params.q = q.trim();
  if (after) params.after = after;
  return params;
}

const header = (meta: unknown, name: string) => (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(name);

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, a page at a time: "Load more" reads on from the last page's cursor. */
    getTasks: build.infiniteQuery<TaskPage, TaskListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/tasks', params: listParams(queryArg, pageParam) }),
      transformResponse: (items: Task[], meta) => {
        const total = Number(header(meta, 'X-Total-Count') ?? Number.NaN);
        return {
          items,
          total: Number.isFinite(total) ? total : items.length,
          next: header(meta, 'X-Next-Cursor') || null,
        };
      },
      providesTags: (data) => [
        ...(data?.pages ?? []).flatMap((page) => page.items.map(({ id }) => ({ type: 'Task' as const, id }))),
        LIST,
      ],
    }),
    /** One task, for a link to a task that the list on screen does not hold. */
    getTask: build.query<Task, string>({
      query: (id) => `/tasks/${encodeURIComponent(id)}`,
      providesTags: (_task, _error, id) => [{ type: 'Task', id }],
    }),
    getTaskStats: build.query<TaskStats, void>({
      query: () => '/tasks/stats',
      providesTags: [STATS],
    }),
    /** Team members whose name or e-mail contains `q`, for the assignee field. */
    getAssignees: build.query<TaskAssignee[], string>({
      query: (q) => ({ url: '/tasks/assignees', params: q.trim() ? { q: q.trim() } : undefined }),
      providesTags: [{ type: 'TeamMember', id: 'LIST' }],
    }),
    createTask: build.mutation<Task, CreateTaskBody>({
      query: (body) => ({ url: '/tasks', method: 'POST', body }),
      invalidatesTags: [LIST, STATS],
    }),
    editTask: build.mutation<Task, RecordEdit<EditTaskBody>>({
      query: ({ id, ...edit }) => editRequest(`/tasks/${encodeURIComponent(id)}`, edit),
      // A new due date can make it overdue or not; the stats count those.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Task', id }, STATS],
    }),
    /** 'Start' and 'Complete': the spec's {status}. A refused move (409) shows the server's reason. */
    setTaskStatus: build.mutation<Task, { id: string } & Required<Pick<UpdateTaskDto, 'status'>>>({
      query: ({ id, status }) => ({ url: `/tasks/${encodeURIComponent(id)}`, method: 'PUT', body: { status } }),
      // The task leaves its tab, and the counts move: the lists and the stats are read again.
      invalidatesTags: [LIST, STATS],
      transformErrorResponse: alertError(TASK_ERRORS.status),
    }),
    deleteTask: build.mutation<void, string>({
      query: (id) => ({ url: `/tasks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST, STATS],
      transformErrorResponse: alertError(TASK_ERRORS.delete),
    }),
  }),
});

export const {
  useGetTasksInfiniteQuery,
  useGetTaskQuery,
  useGetTaskStatsQuery,
  useGetAssigneesQuery,
  useCreateTaskMutation,
  useEditTaskMutation,
  useSetTaskStatusMutation,
  useDeleteTaskMutation,
} = tasksApi;
