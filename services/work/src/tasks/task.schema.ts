import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskStatus,
  type ImportedVersion,
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface TaskDoc {
  _id: Types.ObjectId;
  title: string;
  description: string;
  priority: TaskPriority;
  /** 1 (low) to 4 (urgent): what a sort by priority orders on. */
  priority_rank: number;
  status: TaskStatus;
  assigned_to: string;
  assignee_id: string | null;
  created_by: string;
  due_date: Date | null;
  /** The due date, or the far future when there is none: what a sort by due date orders on (no-date last). */
  due_sort: Date;
  tags: string[];
  overdue_at: Date | null;
  completed_at: Date | null;
  /** Soft delete: the task goes once its task.deleted event is out (see OutboxRelay). */
  deleted_at: Date | null;
  /**
   * False once deleted. What every query filters on (and every index leads with): an equality on a
   * boolean is exact, where `deleted_at: null` also matches a missing field and costs some engines
   * (DocumentDB) a recheck of every row.
   */
  live: boolean;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
  /** Set when a workflow step created the task (`runId:stepIndex`): a retried step finds it instead of making another. */
  idempotency_key?: string;
  /** A task a sync brought in: what the provider last sent for it. */
  imported?: ImportedVersion;
}

/** Where tasks without a due date sort: after every real date. */
export const NO_DUE_DATE = new Date('9999-12-31T00:00:00.000Z');

export const PRIORITY_RANK: Record<TaskPriority, number> = { low: 1, medium: 2, high: 3, urgent: 4 };

export const TaskSchema = new Schema<TaskDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, default: '' },
    priority: { type: String, enum: TASK_PRIORITIES, default: 'medium' },
    priority_rank: { type: Number, default: 2 },
    status: { type: String, enum: TASK_STATUSES, default: 'pending' },
    assigned_to: { type: String, default: '' },
    assignee_id: { type: String, default: null },
    created_by: { type: String, required: true },
    due_date: { type: Date, default: null },
    due_sort: { type: Date, required: true },
    tags: { type: [String], default: [] },
    overdue_at: { type: Date, default: null },
    completed_at: { type: Date, default: null },
    deleted_at: { type: Date, default: null },
    live: { type: Boolean, default: true },
    rev: { type: Number, default: 0 },
    idempotency_key: { type: String },
    imported: { type: Schema.Types.Mixed, default: undefined },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'tasks',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// Lists: every sort the API offers, with and without the status filter (equality first, then the
// sort, then _id for the tie-break and keyset paging). Live tasks only: `live` leads.
for (const field of ['created_at', 'due_sort', 'priority_rank', 'title']) {
  TaskSchema.index({ live: 1, [field]: -1, _id: -1 });
  TaskSchema.index({ live: 1, status: 1, [field]: -1, _id: -1 });
}
// Stats and the overdue timer: open tasks by due date.
TaskSchema.index({ live: 1, status: 1, due_date: 1, overdue_at: 1 });
// A member's figures.
TaskSchema.index({ assignee_id: 1, status: 1 });
// A workflow step's task, once per step (sparse: tasks made by people have no key).
TaskSchema.index({ idempotency_key: 1 }, { unique: true, sparse: true });
