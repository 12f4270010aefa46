import type { RecordTag } from './revisions';
/**
 * Workflows (spec part 1, Workflows screen; issue 11): definitions, their runs and the action catalogue.
 *
 * `status` is what the spec shows (active, paused, completed, failed). The server computes it:
 * - `paused` while the workflow is paused (it starts no runs);
 * - otherwise the outcome of its last finished run: `completed` (succeeded) or `failed`;
 * - `active` when it is not paused and no run has finished yet.
 * The Active stat counts workflows that are not paused (`enabled`), whatever their last outcome.
 */
export const WORKFLOW_STATUSES = ['active', 'paused', 'completed', 'failed'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export const WORKFLOW_ACTIONS = [
  'create_task',
  'set_lead_status',
  'create_calendar_event',
  'send_email',
  'call_webhook',
  'wait',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export const WORKFLOW_TRIGGER_TYPES = ['manual', 'schedule', 'event'] as const;
export type WorkflowTriggerType = (typeof WORKFLOW_TRIGGER_TYPES)[number];

export const WORKFLOW_CONDITION_OPS = ['eq', 'neq', 'contains', 'gt', 'lt'] as const;
export type WorkflowConditionOp = (typeof WORKFLOW_CONDITION_OPS)[number];

export const WORKFLOW_NAME_MAX = 200;
export const WORKFLOW_DESCRIPTION_MAX = 2000;
export const WORKFLOW_STEPS_MAX = 50;
/** The longest delay or wait one step may ask for: 30 days. */
export const WORKFLOW_DELAY_MAX_SECONDS = 30 * 24 * 3600;
/** Retries of a failing step when neither the step nor the workflow says: 3 (so up to 4 attempts). */
export const WORKFLOW_DEFAULT_RETRIES = 3;
export const WORKFLOW_RETRIES_MAX = 10;

export interface WorkflowCondition {
  /** A dotted path into the event's `data` (e.g. `lead.source`). */
  field: string;
  op: WorkflowConditionOp;
  value: string | number | boolean;
}

export type WorkflowTrigger =
  | { type: 'manual' }
  | { type: 'schedule'; cron: string; time_zone: string }
  | { type: 'event'; event_type: string; conditions: WorkflowCondition[] };

export interface WorkflowStep {
  action: WorkflowAction;
  description: string;
  /** Seconds to wait before the step runs (durable). */
  delay: number;
  /** The action's parameters (see the catalogue); strings may hold `{{path}}` placeholders into the trigger's data. */
  params: Record<string, unknown>;
  /** Retries of this step when it fails (else the workflow's `retries`, else 3). */
  retries?: number;
}

export interface Workflow {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  name: string;
  description: string;
  steps: WorkflowStep[];
  trigger: WorkflowTrigger;
  status: WorkflowStatus;
  /** False while paused. */
  enabled: boolean;
  /** Retries of a failing step unless the step says otherwise. */
  retries: number;
  /** Runs finished (succeeded + failed). */
  executions: number;
  succeeded: number;
  failed: number;
  /** Percent of finished runs that succeeded (0 with none), rounded to one decimal. */
  success_rate: number;
  last_run_at: string | null;
  /** For a schedule trigger: when it fires next. */
  next_fire_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  rev: number;
}

export interface WorkflowStats {
  total_workflows: number;
  active: number;
  total_executions: number;
  /** Mean of the success rates of workflows that ran at least once (percent, one decimal). */
  avg_success_rate: number;
}

export const WORKFLOW_RUN_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

export const WORKFLOW_STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped'] as const;
export type WorkflowStepStatus = (typeof WORKFLOW_STEP_STATUSES)[number];

export interface WorkflowRunTrigger {
  type: WorkflowTriggerType;
  event_id?: string;
  event_type?: string;
  /** Who pressed Execute (manual runs). */
  actor?: string;
}

export interface WorkflowRunStep {
  index: number;
  action: WorkflowAction;
  status: WorkflowStepStatus;
  attempts: number;
  /** The parameters after templating (what the action was given). */
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  error: string | null;
  started_at: string | null;
  ended_at: string | null;
}

export interface WorkflowRun {
  id: string;
  workflow_id: string;
  workflow_name: string;
  status: WorkflowRunStatus;
  trigger: WorkflowRunTrigger;
  /** The trigger's data: what `{{…}}` placeholders read. */
  input: Record<string, unknown>;
  steps: WorkflowRunStep[];
  /** The step to run next (steps.length once finished). */
  current_step: number;
  /** When a waiting run (a delay, a wait, a retry's back-off) is due. */
  next_at: string | null;
  error: string | null;
  /** When it was started (Execute, its trigger or its schedule). */
  started_at: string;
  /** When the engine took it in; null while it is queued behind other runs (status `pending`). */
  admitted_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A mail a workflow sent, as recorded in the local outbox (no SMTP_URL). */
export interface WorkflowMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  run_id: string;
  step_index: number;
  file: string | null;
  sent_at: string;
}

/** What a `{{path}}` placeholder reads: a dotted path into `data` (missing → empty text). */
export function readPath(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Fills `{{path}}` placeholders from the trigger's data. A string that is exactly one placeholder
 * takes the value itself (a number stays a number); placeholders inside text become text.
 */
export function renderTemplate<T>(value: T, data: unknown): T {
  if (typeof value === 'string') {
    const whole = /^\{\{\s*([\w.-]+)\s*\}\}$/.exec(value);
    if (whole) {
      const v = readPath(data, whole[1]);
      return (v === undefined || v === null ? '' : v) as T;
    }
    return value.replace(PLACEHOLDER, (_, p: string) => {
      const v = readPath(data, p);
      if (v === undefined || v === null) return '';
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => renderTemplate(v, data)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderTemplate(v, data)])) as T;
  return value;
}

/** Whether an event's data meets a condition (numbers compared as numbers, text case-insensitively for contains). */
export function conditionHolds(data: unknown, c: WorkflowCondition): boolean {
  const actual = readPath(data, c.field);
  switch (c.op) {
    case 'eq':
      return String(actual) === String(c.value);
    case 'neq':
      return String(actual) !== String(c.value);
    case 'contains':
      if (Array.isArray(actual)) return actual.map(String).includes(String(c.value));
      return typeof actual === 'string' && actual.toLowerCase().includes(String(c.value).toLowerCase());
    case 'gt':
      return Number(actual) > Number(c.value);
    case 'lt':
      return Number(actual) < Number(c.value);
  }
}
