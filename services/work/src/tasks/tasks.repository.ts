import { Injectable } from '@nestjs/common';
import type { Task, TaskStatus } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  type Change,
  type ChangeOptions,
  type ChangeResult,
  escapeRegex,
  InjectConnection,
  type Page,
  type SortSpec,
  textMatch,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { TaskSchema, type TaskDoc } from './task.schema';
import type { ListTasksQuery, TaskSort } from './tasks.query';

const LIVE = { live: true };
const OPEN: TaskStatus[] = ['pending', 'in_progress'];

const SORT_FIELDS: Record<string, string> = {
  created_at: 'created_at',
  due_date: 'due_sort',
  priority: 'priority_rank',
  title: 'title',
};

function sortOf(sort: TaskSort): SortSpec {
  const desc = sort.startsWith('-');
  return { field: SORT_FIELDS[desc ? sort.slice(1) : sort], direction: desc ? -1 : 1 };
}

/** Tasks, read with indexed queries and written with conditional single-document updates. */
@Injectable()
export class TasksRepository extends BaseRepository<TaskDoc, Task> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<TaskDoc>('Task', TaskSchema), {
      outbox: relay,
      omit: ['priority_rank', 'due_sort', 'deleted_at', 'live', 'applied_events', 'idempotency_key', 'imported'],
      live: LIVE,
    });
    // Lists' totals and the figures count tens of thousands of tasks: kept between writes.
    this.keepCounts();
  }

  private filter(q: ListTasksQuery): QueryFilter<TaskDoc> {
    const f: QueryFilter<TaskDoc> = { ...LIVE };
    if (q.status) f.status = q.status;
    if (q.priority) f.priority = q.priority;
    const any: Array<QueryFilter<TaskDoc>[]> = [];
    if (q.assignee?.trim()) {
      const a = q.assignee.trim();
      any.push([{ assignee_id: a }, { assigned_to: { $regex: `^${escapeRegex(a)}$`, $options: 'i' } }]);
    }
    if (q.due_before || q.due_after) {
      const range: Record<string, Date> = {};
      if (q.due_before) range.$lt = new Date(q.due_before);
      if (q.due_after) range.$gte = new Date(q.due_after);
      f.due_date = range;
    }
    const text = textMatch(q.q, ['title', 'description', 'assigned_to', 'tags']);
    if (text) any.push(text.$or);
    if (any.length) f.$and = any.map((alternatives) => ({ $or: alternatives }));
    return f;
  }

  list(q: ListTasksQuery): Promise<Page<Task>> {
    return this.page(this.filter(q), sortOf(q.sort ?? '-created_at'), q);
  }

  /**
   * Counts per status and the open tasks past their due date: one indexed count each, kept until the
   * next write. A task passing its due date is written by the overdue timer (`overdue_at`), which
   * voids the kept figures as any write does.
   */
  async stats(now: Date): Promise<Record<TaskStatus | 'overdue', number>> {
    const count = (f: QueryFilter<TaskDoc>) => this.model.countDocuments({ ...LIVE, ...f });
    const compute = async () => {
      const [pending, in_progress, completed, cancelled, overdue] = await Promise.all([
        count({ status: 'pending' }),
        count({ status: 'in_progress' }),
        count({ status: 'completed' }),
        count({ status: 'cancelled' }),
        count({ status: { $in: OPEN }, due_date: { $lt: now } }),
      ]);
      return { pending, in_progress, completed, cancelled, overdue };
    };
    return this.counts ? this.counts.get('stats', compute) : compute();
  }

  /** A member's figures: tasks assigned (not cancelled) and completed. */
  async figuresOf(memberId: string): Promise<{ assigned: number; completed: number; open: number }> {
    const count = (f: QueryFilter<TaskDoc>) => this.model.countDocuments({ assignee_id: memberId, ...LIVE, ...f });
    const [assigned, completed, open] = await Promise.all([
      count({ status: { $ne: 'cancelled' } }),
      count({ status: 'completed' }),
      count({ status: { $in: OPEN } }),
    ]);
    return { assigned, completed, open };
  }

  /** Open tasks across the team (assigned to a member). */
  countOpenAssigned(): Promise<number> {
    return this.model.countDocuments({ ...LIVE, status: { $in: OPEN }, assignee_id: { $ne: null } });
  }

  /** Changes one live task (see BaseRepository.change); `from` limits it to those statuses (a transition). */
  override changeById(
    id: string,
    compute: (current: TaskDoc) => Change<TaskDoc, Task> | null,
    opts?: ChangeOptions<TaskDoc> & { from?: TaskStatus[] },
  ): Promise<ChangeResult<Task, TaskDoc>> {
    const where: QueryFilter<TaskDoc> = {};
    if (opts?.from) where.status = { $in: opts.from };
    return super.changeById(id, compute, opts, where);
  }

  /** Open tasks whose due date has passed and whose overdue event is not out yet (the durable timer). */
  async dueForOverdue(now: Date, limit = 100): Promise<string[]> {
    const docs = await this.model
      .find({ ...LIVE, status: { $in: OPEN }, due_date: { $lte: now }, overdue_at: null }, { _id: 1 })
      .limit(limit)
      .lean();
    return docs.map((d) => String(d._id));
  }

  /** The next due date still to fire, if any (how long the timer may sleep). */
  async nextDue(): Promise<Date | null> {
    const doc = await this.model
      .findOne({ ...LIVE, status: { $in: OPEN }, due_date: { $ne: null }, overdue_at: null }, { due_date: 1 })
      .sort({ due_date: 1 })
      .lean();
    return doc?.due_date ?? null;
  }
}
