import type { WorkflowStep, WorkflowTrigger } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface WorkflowDoc {
  _id: Types.ObjectId;
  name: string;
  description: string;
  steps: WorkflowStep[];
  trigger: WorkflowTrigger;
  /** False while paused: a paused workflow starts no runs. */
  enabled: boolean;
  retries: number;
  /** Finished runs by outcome: `$inc`ed once per run by its final transition (see WorkflowsRepository.countRun). */
  succeeded: number;
  failed: number;
  /** The outcome of the last finished run (what `status` shows when not paused). */
  last_outcome: 'succeeded' | 'failed' | null;
  last_run_at: Date | null;
  /** Schedule triggers: when the next run is due (advanced conditionally by the scheduler). */
  next_fire_at: Date | null;
  /** For event triggers: the topic-independent event type, indexed for the trigger consumer. */
  event_type: string | null;
  created_by: string;
  deleted_at: Date | null;
  /** False once deleted; every query filters on it (see TaskDoc.live). */
  live: boolean;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
  applied_events: string[];
}

export const WorkflowSchema: Schema<WorkflowDoc> = new Schema<WorkflowDoc>(
  {
    name: { type: String, required: true },
    description: { type: String, default: '' },
    steps: { type: Schema.Types.Mixed, default: () => [] },
    trigger: { type: Schema.Types.Mixed, default: () => ({ type: 'manual' }) },
    enabled: { type: Boolean, default: true },
    retries: { type: Number, default: 3 },
    succeeded: { type: Number, default: 0 },
    failed: { type: Number, default: 0 },
    last_outcome: { type: String, default: null },
    last_run_at: { type: Date, default: null },
    next_fire_at: { type: Date, default: null },
    event_type: { type: String, default: null },
    created_by: { type: String, required: true },
    deleted_at: { type: Date, default: null },
    live: { type: Boolean, default: true },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
    applied_events: { type: [String], default: [] },
  },
  {
    collection: 'workflows',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    minimize: false,
  },
);

// The list (newest first) and the stats' counts.
WorkflowSchema.index({ live: 1, created_at: -1, _id: -1 });
WorkflowSchema.index({ live: 1, enabled: 1 });
// The event trigger consumer: active workflows waiting for one event type.
WorkflowSchema.index({ live: 1, enabled: 1, event_type: 1 });
// The scheduler: active schedules due.
WorkflowSchema.index({ live: 1, enabled: 1, next_fire_at: 1 });
