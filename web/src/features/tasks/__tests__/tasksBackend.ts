import type { Task, TaskAssignee, TaskStats, User } from '@sixa/contracts/browser';
import { mockApi, type MockApi } from '../../../test/mockApi';

let sequence = 0;

/** A task as the work service returns it. */
export function buildTask(overrides: Partial<Task> = {}): Task {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 9, 0, sequence)).toISOString();
  return {
    id: `task-${sequence}`,
    etag: `0.task-${sequence}`,
    title: `Task ${sequence}`,
    description: '',
    priority: 'medium',
    status: 'pending',
    assigned_to: '',
    assignee_id: null,
    created_by: 'admin-1',
    due_date: null,
    tags: [],
    overdue_at: null,
    completed_at: null,
    created_at: at,
    updated_at: at,
    rev: 0,
    ...overrides,
  };
}

function statsOf(tasks: Task[]): TaskStats {
  const count = (status: Task['status']) => tasks.filter((t) => t.status === status).length;
  const assigned = tasks.length - count('cancelled');
  return {
    total: tasks.length,
    pending: count('pending'),
    in_progress: count('in_progress'),
    completed: count('completed'),
    cancelled: count('cancelled'),
    overdue: 0,
    completion_rate: assigned ? Math.round((count('completed') / assigned) * 100) : 0,
  };
}

/**
 * The work service's task endpoints over a list the handlers change, like the server: GET
 * /api/tasks filters by status, text and due_before, newest first, pages with `limit`/`after` and answers the
 * total and the next cursor in headers (which mockApi cannot send). Other routes go to mockApi.
 */
export function tasksBackend(initial: Task[], me: User, members: TaskAssignee[] = []) {
  let tasks = [...initial];
  const listQueries: URLSearchParams[] = [];
  const api: MockApi = mockApi({
    'GET /api/auth/me': { body: me },
    'GET /api/tasks/stats': () => ({ body: statsOf(tasks) }),
  });
  const routed = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

    if (request.method === 'GET' && url.pathname === '/api/tasks') {
      const params = url.searchParams;
      listQueries.push(params);
      const q = params.get('q')?.toLowerCase();
      const matching = tasks
        .filter(
          (t) =>
            (!params.get('status') || t.status === params.get('status')) &&
            (!params.get('due_before') || (t.due_date !== null && t.due_date < params.get('due_before')!)) &&
            (!q || [t.title, t.description, t.assigned_to, ...t.tags].some((x) => x.toLowerCase().includes(q))),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const after = params.get('after');
      const start = after ? matching.findIndex((t) => t.id === after) + 1 : 0;
      const limit = Number(params.get('limit') ?? matching.length);
      const page = matching.slice(start, start + limit);
      const more = start + limit < matching.length;
      return json(page, {
        'X-Total-Count': String(matching.length),
        ...(more ? { 'X-Next-Cursor': page[page.length - 1].id } : {}),
      });
    }
    const one = /^\/api\/tasks\/(task-[^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const task = tasks.find((t) => t.id === one[1]);
      return task ? json(task) : json({ detail: 'Task not found' }, {}, 404);
    }
    if (request.method === 'GET' && url.pathname === '/api/tasks/assignees') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return json(members.filter((m) => m.name.toLowerCase().includes(q) || m.email.includes(q)));
    }
    return routed(request);
  }) as typeof fetch;

  return {
    api,
    listQueries,
    set(next: Task[]) {
      tasks = next;
    },
    get tasks() {
      return tasks;
    },
    /** PUT /api/tasks/{id} as the server applies it: status moves and field edits, rev + 1. */
    acceptUpdates() {
      for (const task of tasks) {
        api.use({
          [`PUT /api/tasks/${task.id}`]: (call) => {
            const current = tasks.find((t) => t.id === task.id)!;
            const { rev: _rev, ...changes } = call.body as Partial<Task>;
            const updated = { ...current, ...changes, rev: current.rev + 1 };
            tasks = tasks.map((t) => (t.id === task.id ? updated : t));
            return { body: updated };
          },
          [`DELETE /api/tasks/${task.id}`]: () => {
            tasks = tasks.filter((t) => t.id !== task.id);
            return { status: 204 };
          },
        });
      }
    },
  };
}
