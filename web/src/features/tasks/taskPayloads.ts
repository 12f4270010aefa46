import type { Task, TaskPriority } from '@sixa/contracts/browser';
import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_PRIORITY } from './taskLabels';
import type { CreateTaskBody, EditTaskBody } from './tasksApi';

/** What the Create Task and Edit Task forms hold. */
export interface TaskFormValues {
  title?: string;
  description?: string;
  priority?: TaskPriority;
  /** The assignee's name as typed or as chosen from the suggestions. */
  assigned_to?: string;
  /** The team member chosen from the suggestions; null once the name is typed over. */
  assignee_id?: string | null;
  due_date?: Dayjs | null;
  tags?: string[];
}

export const hasTitle = (title: string | undefined): boolean => Boolean(title?.trim());

function cleanTags(tags: string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of (tags ?? []).map((t) => t.trim()).filter(Boolean)) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/**
 * The form picks a day: the task is due at the end of it (local time), sent as ISO. A task whose
 * due day is left as it was keeps its exact due time (one set through the API may have another).
 */
export function dueDateIso(day: Dayjs | null | undefined, current: string | null = null): string | null {
  if (!day) return null;
  if (current && dayjs(current).isSame(day, 'day')) return current;
  return day.endOf('day').toISOString();
}

export function buildCreateTaskBody(values: TaskFormValues): CreateTaskBody {
  const body: CreateTaskBody = {
    title: values.title?.trim() ?? '',
    description: values.description?.trim() ?? '',
    priority: values.priority ?? DEFAULT_PRIORITY,
    assigned_to: values.assigned_to?.trim() ?? '',
    due_date: dueDateIso(values.due_date),
    tags: cleanTags(values.tags),
  };
  if (values.assignee_id) body.assignee_id = values.assignee_id;
  return body;
}

/** Every field, with the member chosen (or null: the server matches the typed name). */
export function buildEditTaskBody(values: TaskFormValues, task: Task): EditTaskBody {
  return {
    ...buildCreateTaskBody(values),
    assignee_id: values.assignee_id || null,
    due_date: dueDateIso(values.due_date, task.due_date),
  };
}

export function taskFormValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    assigned_to: task.assigned_to,
    assignee_id: task.assignee_id,
    due_date: task.due_date ? dayjs(task.due_date) : null,
    tags: task.tags,
  };
}

export const NEW_TASK_VALUES: TaskFormValues = {
  priority: DEFAULT_PRIORITY,
  assigned_to: '',
  assignee_id: null,
  due_date: null,
  tags: [],
};
