import type {
  WorkflowAction,
  WorkflowConditionOp,
  WorkflowRunStatus,
  WorkflowStatus,
  WorkflowStepStatus,
  WorkflowTrigger,
} from '@sixa/contracts/browser';

export const ACTION_LABELS: Record<WorkflowAction, string> = {
  create_task: 'Create task',
  set_lead_status: 'Set lead status',
  create_calendar_event: 'Create calendar event',
  send_email: 'Send e-mail',
  call_webhook: 'Call webhook',
  wait: 'Wait',
};

export const STATUS_LABELS: Record<WorkflowStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  completed: 'Last run succeeded',
  failed: 'Last run failed',
};

export const statusTagColor: Record<WorkflowStatus, string> = {
  active: 'processing',
  paused: 'default',
  completed: 'success',
  failed: 'error',
};

export const RUN_STATUS_LABELS: Record<WorkflowRunStatus | WorkflowStepStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
};

export const runStatusColor: Record<WorkflowRunStatus | WorkflowStepStatus, string> = {
  pending: 'default',
  running: 'processing',
  waiting: 'warning',
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

export const OP_LABELS: Record<WorkflowConditionOp, string> = {
  eq: '=',
  neq: '≠',
  contains: 'contains',
  gt: '>',
  lt: '<',
};

/** Domain events offered in the trigger picker (any other type can be typed). */
export const EVENT_TYPE_SUGGESTIONS = [
  'lead.created',
  'lead.status_changed',
  'lead.scored',
  'quote.accepted',
  'quote.rejected',
  'task.created',
  'task.completed',
  'task.overdue',
  'calendar.event_created',
] as const;

/**
 * One line for the card: "Manual", "Every: 0 9 * * 1-5 (Europe/Paris)", "When lead.created where
 * source = Referral" (a condition on the event's own entity drops that prefix).
 */
export function triggerSummary(trigger: WorkflowTrigger | undefined): string {
  if (!trigger || trigger.type === 'manual') return 'Manual';
  if (trigger.type === 'schedule') return `Schedule: ${trigger.cron} (${trigger.time_zone || 'UTC'})`;
  const entity = trigger.event_type.split('.')[0];
  const conditions = (trigger.conditions ?? []).map((c) => {
    const field = c.field.startsWith(`${entity}.`) ? c.field.slice(entity.length + 1) : c.field;
    return `${field} ${OP_LABELS[c.op]} ${String(c.value)}`;
  });
  return `When ${trigger.event_type}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
}

/** "1.2 s", "350 ms", "3 min 5 s"; '—' while unknown. */
export function formatDuration(startedAt: string | null, endedAt: string | null): string {
  if (!startedAt || !endedAt) return '—';
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
