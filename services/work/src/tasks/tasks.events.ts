import type { Task, TaskStatus } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'work';

export const taskCreated = (actor: string, task: Task) => createEvent(SOURCE, 'task.created', task.id, actor, { task });

const EDITABLE = ['title', 'description', 'priority', 'assigned_to', 'assignee_id', 'due_date', 'tags'] as const;

export function taskUpdated(actor: string, before: Task, after: Task) {
  const fields = EDITABLE.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (!fields.length) return null;
  const pick = (t: Task) => Object.fromEntries(fields.map((f) => [f, t[f]]));
  return createEvent(SOURCE, 'task.updated', after.id, actor, {
    task: after,
    changed_fields: [...fields],
    before: pick(before),
    after: pick(after),
  });
}

export const taskStatusChanged = (actor: string, task: Task, from: TaskStatus) =>
  createEvent(SOURCE, 'task.status_changed', task.id, actor, { task, from, to: task.status });

export const taskCompleted = (actor: string, task: Task) =>
  createEvent(SOURCE, 'task.completed', task.id, actor, { task });

export const taskOverdue = (task: Task) => createEvent(SOURCE, 'task.overdue', task.id, 'system', { task });

export const taskDeleted = (actor: string, task: Task) => createEvent(SOURCE, 'task.deleted', task.id, actor, { task });
