import type { WorkflowRunStatus, WorkflowRunStep, WorkflowRunTrigger, WorkflowStep } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

/** A step's record as stored: the API's, with dates as dates. */
export type RunStepRecord = Omit<WorkflowRunStep, 'started_at' | 'ended_at'> & {
  started_at: Date | null;
  ended_at: Date | null;
};

export interface WorkflowRunDoc {
  _id: Types.ObjectId;
  workflow_id: string;
  workflow_name: string;
  status: WorkflowRunStatus;
  trigger: WorkflowRunTrigger;
  input: Record<string, unknown>;
  /** The workflow's steps as they were when the run started (an edit does not change a run under way). */
  plan: WorkflowStep[];
  /** The workflow's retries when the run started. */
  retries: number;
  /** Who the run acts as: the workflow's creator. */
  acting_as: string;
  steps: RunStepRecord[];
  current_step: number;
  /** When a waiting run is due (a delay, a wait, a retry's back-off). */
  next_at: Date | null;
  /**
   * The durable timer and the claim in one field: an open run with `wake_at <= now` may be claimed by
   * any replica. A claim sets `claim_owner` and pushes `wake_at` to the claim's expiry (renewed while
   * working); a wait releases the claim and sets `wake_at` to when the wait ends. A replica that dies
   * mid-step leaves a claim that expires, and another replica takes the run over.
   */
  wake_at: Date;
  claim_owner: string | null;
  /**
   * The current step was carried out by another service (a command event sent with the run's change):
   * the run waits, unclaimed, for the answer bearing `correlation_id` (the step's `runId:index`) until
   * `until` (also `wake_at`: when it comes first, the attempt times out). See WorkflowEngine.settle.
   */
  awaiting: { correlation_id: string; until: Date } | null;
  /** True until the run succeeded or failed. */
  open: boolean;
  /** The workflow's counters include this run (set after its final transition; see WorkflowsRepository.countRun). */
  counted: boolean;
  /** `workflowId:eventId` for event-triggered runs, `workflowId:fireTime` for schedules: one run per trigger. */
  dedupe_key?: string;
  /**
   * How many runs led to this one: 0 for a run started by a person, a schedule or an event no run
   * caused; the causing run's depth + 1 for a run triggered by an event a run's step caused (see
   * WorkflowEventTriggers: loops stop at WORKFLOW_MAX_CHAIN_DEPTH).
   */
  depth: number;
  /** The run whose step caused the event that started this one. */
  caused_by_run: string | null;
  error: string | null;
  /** When the run was started (requested: Execute, its trigger, its schedule). */
  started_at: Date;
  /**
   * When the engine took the run in (null while it is queued, status `pending`): runs are admitted
   * while fewer than WORKFLOW_MAX_ACTIVE_RUNS are active, so that a burst queues before its first
   * step instead of slowing every run already going (see WorkflowRunsRepository.claimDue).
   */
  admitted_at: Date | null;
  ended_at: Date | null;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

export const WorkflowRunSchema: Schema<WorkflowRunDoc> = new Schema<WorkflowRunDoc>(
  {
    workflow_id: { type: String, required: true },
    workflow_name: { type: String, default: '' },
    status: { type: String, default: 'pending' },
    trigger: { type: Schema.Types.Mixed, required: true },
    input: { type: Schema.Types.Mixed, default: () => ({}) },
    plan: { type: Schema.Types.Mixed, default: () => [] },
    retries: { type: Number, default: 3 },
    acting_as: { type: String, required: true },
    steps: { type: Schema.Types.Mixed, default: () => [] },
    current_step: { type: Number, default: 0 },
    next_at: { type: Date, default: null },
    wake_at: { type: Date, required: true },
    claim_owner: { type: String, default: null },
    awaiting: { type: Schema.Types.Mixed, default: null },
    open: { type: Boolean, default: true },
    counted: { type: Boolean, default: false },
    dedupe_key: { type: String },
    depth: { type: Number, default: 0 },
    caused_by_run: { type: String, default: null },
    error: { type: String, default: null },
    started_at: { type: Date, required: true },
    admitted_at: { type: Date, default: null },
    ended_at: { type: Date, default: null },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'workflow_runs',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    minimize: false,
  },
);

// The claim: open runs due now, earliest first.
WorkflowRunSchema.index({ open: 1, wake_at: 1 });
// The claim again, split by admission: runs taken in (to go on with, and the active ones counted
// against the admission limit) apart from the queue (taken in earliest first).
WorkflowRunSchema.index({ open: 1, admitted_at: 1, wake_at: 1 });
// A workflow's run history, newest first.
WorkflowRunSchema.index({ workflow_id: 1, created_at: -1, _id: -1 });
// The retention sweep: finished runs that ended before the cut-off, oldest first.
WorkflowRunSchema.index({ open: 1, ended_at: 1 });
// Finished runs whose counters are not in yet (the catch-up after a crash between the two writes).
WorkflowRunSchema.index({ counted: 1, open: 1 });
// One run per triggering event or schedule firing (sparse: manual runs have none).
WorkflowRunSchema.index({ dedupe_key: 1 }, { unique: true, sparse: true });
