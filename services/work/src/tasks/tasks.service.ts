import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  canMoveTask,
  TASK_STATUSES,
  TASK_TRANSITIONS,
  type CreateTaskDto,
  type EventEnvelope,
  type Task,
  type TaskStats,
  type TaskStatus,
  type UpdateTaskDto,
  isNotNewer,
  type ImportedVersion,
} from '@sixa/contracts';
import type { ChangeResult } from '@sixa/mongo';
import { TeamDirectory } from '../team/team.directory';
import { changedOrThrow, WorkError, WorkErrorCode } from '../work.errors';
import { NO_DUE_DATE, PRIORITY_RANK, type TaskDoc } from './task.schema';
import { taskCompleted, taskCreated, taskDeleted, taskOverdue, taskStatusChanged, taskUpdated } from './tasks.events';
import type { ListTasksQuery } from './tasks.query';
import { TasksRepository } from './tasks.repository';

const notFound = () => new WorkError(WorkErrorCode.TaskNotFound, 'Task not found');

/** Tags as typed: trimmed, empties dropped, each once (first spelling kept). */
function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags.map((x) => x.trim()).filter(Boolean)) {
    if (seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

@Injectable()
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly team: TeamDirectory,
  ) {}

  list(query: ListTasksQuery) {
    return this.tasks.list(query);
  }

  async get(id: string): Promise<Task> {
    const task = await this.tasks.findLive(id);
    if (!task) throw notFound();
    return task;
  }

  async stats(now = new Date()): Promise<TaskStats> {
    const s = await this.tasks.stats(now);
    const total = s.pending + s.in_progress + s.completed + s.cancelled;
    const assigned = total - s.cancelled;
    return { total, ...s, completion_rate: assigned ? Math.round((s.completed / assigned) * 100) : 0 };
  }

  /**
   * The member a task goes to: the one chosen from the suggestions (`assignee_id`), else the one
   * whose name is the typed name (when exactly one is); the free text stays as typed.
   */
  private async assignee(assignedTo: string, assigneeId: string | null | undefined) {
    if (assigneeId) {
      const member = await this.team.byId(assigneeId);
      if (!member)
        throw new WorkError(
          WorkErrorCode.AssigneeUnknown,
          'assignee_id is not a member of the team: choose one from the list',
        );
      return { assigned_to: assignedTo || member.name, assignee_id: member.id };
    }
    if (!assignedTo) return { assigned_to: '', assignee_id: null };
    const match = await this.team.byName(assignedTo);
    return { assigned_to: assignedTo, assignee_id: match?.id ?? null };
  }

  /**
   * `idempotencyKey` (a workflow step's, a synced record's): the task made once under it, whatever
   * the retries. `imported`: what a provider sent for it (see ImportedVersion).
   */
  async create(
    actor: AuthUser,
    dto: CreateTaskDto,
    opts: { idempotencyKey?: string; imported?: ImportedVersion } = {},
  ): Promise<Task> {
    const due = dto.due_date ? new Date(dto.due_date) : null;
    const who = await this.assignee(dto.assigned_to ?? '', dto.assignee_id);
    const priority = dto.priority ?? 'medium';
    const create = (data: Partial<TaskDoc>, events: (task: Task) => EventEnvelope[]) =>
      opts.idempotencyKey ? this.tasks.insertOnce(opts.idempotencyKey, data, events) : this.tasks.insert(data, events);
    return create(
      {
        title: dto.title,
        description: dto.description ?? '',
        priority,
        priority_rank: PRIORITY_RANK[priority],
        status: 'pending',
        ...who,
        created_by: actor.id,
        due_date: due,
        due_sort: due ?? NO_DUE_DATE,
        tags: cleanTags(dto.tags ?? []),
        overdue_at: null,
        completed_at: null,
        deleted_at: null,
        live: true,
        ...(opts.imported ? { imported: opts.imported } : {}),
      },
      (task) => [taskCreated(actor.id, task)],
    );
  }

  /**
   * PUT /tasks/{id}: a status change (anyone signed in: the assignee starts and completes the work),
   * an edit of the fields (the creator or an admin), or both. A status change is a conditional
   * update that applies only from a status that allows it, so concurrent clicks cannot skip a step.
   */
  async update(
    actor: AuthUser,
    id: string,
    dto: UpdateTaskDto,
    opts: { imported?: ImportedVersion; expectedRev?: number } = {},
  ): Promise<Task> {
    const current = await this.get(id);
    const editsFields = (
      ['title', 'description', 'priority', 'assigned_to', 'assignee_id', 'due_date', 'tags'] as const
    ).some((f) => dto[f] !== undefined);
    if (editsFields && current.created_by !== actor.id && actor.role !== 'admin')
      throw new WorkError(WorkErrorCode.NotYours, "Only the task's creator or an admin can edit it");
    const to = dto.status;
    if (to && to !== current.status && !canMoveTask(current.status, to)) throw refused(current.status, to);
    const who =
      dto.assigned_to !== undefined || dto.assignee_id !== undefined
        ? await this.assignee(dto.assigned_to ?? current.assigned_to, dto.assignee_id)
        : null;
    const from = to && to !== current.status ? TASK_STATUSES.filter((s) => canMoveTask(s, to)) : undefined;

    const result: ChangeResult<Task> = await this.tasks.changeById(
      id,
      (doc) => {
        // A provider's version no newer than the one applied (a page that came late): nothing.
        if (opts.imported && isNotNewer(doc.imported, opts.imported)) return null;
        const set: Partial<TaskDoc> = {};
        if (opts.imported) set.imported = opts.imported;
        if (dto.title !== undefined) set.title = dto.title;
        if (dto.description !== undefined) set.description = dto.description;
        if (dto.priority !== undefined) {
          set.priority = dto.priority;
          set.priority_rank = PRIORITY_RANK[dto.priority];
        }
        if (who) Object.assign(set, who);
        if (dto.tags !== undefined) set.tags = cleanTags(dto.tags);
        if (dto.due_date !== undefined) {
          const due = dto.due_date ? new Date(dto.due_date) : null;
          set.due_date = due;
          set.due_sort = due ?? NO_DUE_DATE;
          // A new due date still ahead arms the overdue timer again.
          if (due?.getTime() !== doc.due_date?.getTime()) set.overdue_at = null;
        }
        const moving = to !== undefined && to !== doc.status;
        if (moving) {
          set.status = to;
          if (to === 'completed') set.completed_at = new Date();
        }
        if (!Object.keys(set).length) return null;
        const before = this.tasks.map(doc);
        return {
          set,
          events: (after) => {
            const events: EventEnvelope[] = [];
            const updated = taskUpdated(actor.id, before, after);
            if (updated) events.push(updated);
            if (moving) {
              events.push(taskStatusChanged(actor.id, after, before.status));
              if (after.status === 'completed') events.push(taskCompleted(actor.id, after));
            }
            return events;
          },
        };
      },
      { expectedRev: opts.expectedRev ?? dto.rev, from },
    );
    if (result.status === 'missing' && to) {
      // Moved by someone else meanwhile: to where this change wanted (a repeated click), or elsewhere.
      const now = await this.get(id);
      if (now.status === to && !editsFields) return now;
      throw refused(now.status, to);
    }
    return changedOrThrow(result, 'task', notFound);
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    const current = await this.get(id);
    if (current.created_by !== actor.id && actor.role !== 'admin')
      throw new WorkError(WorkErrorCode.NotYours, "Only the task's creator or an admin can delete it");
    const result = await this.tasks.changeById(id, (doc) => ({
      set: { deleted_at: new Date(), live: false },
      events: () => [taskDeleted(actor.id, this.tasks.map(doc))],
    }));
    changedOrThrow(result, 'task', notFound);
  }

  /**
   * The durable overdue timer's work: each open task whose due date has passed gets `task.overdue`
   * once (a conditional update on `overdue_at: null` that carries the event).
   */
  async markOverdue(now = new Date()): Promise<number> {
    let marked = 0;
    // Bounded: what is left (a task others keep changing) waits for the next turn.
    for (let round = 0; round < 50; round++) {
      const ids = await this.tasks.dueForOverdue(now);
      for (const id of ids) {
        const r = await this.tasks.change(
          {
            _id: id,
            live: true,
            status: { $in: ['pending', 'in_progress'] },
            overdue_at: null,
            due_date: { $lte: now },
          },
          () => ({ set: { overdue_at: now }, events: (after) => [taskOverdue(after)] }),
        );
        if (r.status === 'changed') marked++;
      }
      if (ids.length < 100) break;
    }
    return marked;
  }
}

function refused(from: TaskStatus, to: TaskStatus): WorkError {
  const allowed = TASK_TRANSITIONS[from];
  return new WorkError(
    WorkErrorCode.TaskTransitionRefused,
    `A ${from.replace('_', ' ')} task cannot become ${to.replace('_', ' ')}` +
      (allowed.length ? ` (it can become: ${allowed.join(', ')})` : ' (it is closed)'),
  );
}
