import type { Task, TaskPriority, TaskStatus } from '@sixa/contracts/browser';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** antd preset tag colours (they follow the light and dark themes). */
export const statusTagColor: Record<TaskStatus, string> = {
  pending: 'gold',
  in_progress: 'processing',
  completed: 'success',
  cancelled: 'default',
};

export const priorityTagColor: Record<TaskPriority, string> = {
  low: 'green',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

export const DEFAULT_PRIORITY: TaskPriority = 'medium';

/** Still open (pending or in progress) with its due date in the past. */
export function isOverdue(task: Pick<Task, 'status' | 'due_date'>, now = Date.now()): boolean {
  if (task.status !== 'pending' && task.status !== 'in_progress') return false;
  if (!task.due_date) return false;
  const due = Date.parse(task.due_date);
  return Number.isFinite(due) && due < now;
}
