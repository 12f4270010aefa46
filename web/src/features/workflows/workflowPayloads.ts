import type {
  TaskPriority,
  Workflow,
  WorkflowAction,
  WorkflowCondition,
  WorkflowConditionOp,
  WorkflowStep,
  WorkflowTrigger,
  WorkflowTriggerType,
} from '@sixa/contracts/browser';
import type { WorkflowBody } from './workflowsApi';

/** Every action's fields, in one object per step (only the chosen action's are sent). */
export interface StepParamValues {
  title?: string;
  assigned_to?: string;
  priority?: TaskPriority;
  lead_id?: string;
  status?: string;
  start_in_minutes?: number | null;
  duration_minutes?: number | null;
  /** Comma-separated e-mails. */
  attendees?: string;
  to?: string;
  subject?: string;
  body?: string;
  url?: string;
  seconds?: number | null;
}

export interface StepFormValues {
  action: WorkflowAction;
  description?: string;
  delay?: number | null;
  params?: StepParamValues;
}

export interface ConditionFormValues {
  field?: string;
  op?: WorkflowConditionOp;
  value?: string;
}

export interface WorkflowFormValues {
  name?: string;
  description?: string;
  trigger_type: WorkflowTriggerType;
  cron?: string;
  time_zone?: string;
  event_type?: string;
  conditions?: ConditionFormValues[];
  steps?: StepFormValues[];
}

export const DEFAULT_TIME_ZONE = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
})();

export const NEW_WORKFLOW_VALUES: WorkflowFormValues = {
  name: '',
  description: '',
  trigger_type: 'manual',
  cron: '0 9 * * 1-5',
  time_zone: DEFAULT_TIME_ZONE,
  event_type: 'lead.created',
  conditions: [],
  steps: [],
};

/** What a new step starts with, per action. */
export function newStep(action: WorkflowAction = 'create_task'): StepFormValues {
  return { action, description: '', delay: 0, params: defaultParams(action) };
}

export function defaultParams(action: WorkflowAction): StepParamValues {
  switch (action) {
    case 'create_task':
      return { title: '', assigned_to: '', priority: 'medium' };
    case 'set_lead_status':
      return { lead_id: '{{lead.id}}', status: 'contacted' };
    case 'create_calendar_event':
      return { title: '', start_in_minutes: 60, duration_minutes: 30, attendees: '' };
    case 'send_email':
      return { to: '', subject: '', body: '' };
    case 'call_webhook':
      return { url: '' };
    case 'wait':
      return { seconds: 60 };
  }
}

const text = (v: string | undefined) => (v ?? '').trim();
const whole = (v: number | null | undefined, fallback = 0) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : fallback;

/** The chosen action's parameters only: the server refuses any other (forbidNonWhitelisted). */
export function stepParams(action: WorkflowAction, p: StepParamValues = {}): Record<string, unknown> {
  switch (action) {
    case 'create_task': {
      const params: Record<string, unknown> = { title: text(p.title), priority: p.priority ?? 'medium' };
      if (text(p.assigned_to)) params.assigned_to = text(p.assigned_to);
      return params;
    }
    case 'set_lead_status':
      return { lead_id: text(p.lead_id), status: text(p.status) };
    case 'create_calendar_event': {
      const attendees = (p.attendees ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      return {
        title: text(p.title),
        start_in_minutes: whole(p.start_in_minutes),
        duration_minutes: whole(p.duration_minutes, 30),
        ...(attendees.length ? { attendees } : {}),
      };
    }
    case 'send_email':
      return { to: text(p.to), subject: text(p.subject), body: p.body ?? '' };
    case 'call_webhook':
      return { url: text(p.url) };
    case 'wait':
      return { seconds: whole(p.seconds) };
  }
}

function buildTrigger(v: WorkflowFormValues): WorkflowTrigger {
  if (v.trigger_type === 'schedule') {
    return { type: 'schedule', cron: text(v.cron), time_zone: text(v.time_zone) || 'UTC' };
  }
  if (v.trigger_type === 'event') {
    const conditions: WorkflowCondition[] = (v.conditions ?? [])
      .filter((c) => text(c.field))
      .map((c) => ({ field: text(c.field), op: c.op ?? 'eq', value: c.value ?? '' }));
    return { type: 'event', event_type: text(v.event_type), conditions };
  }
  return { type: 'manual' };
}

export function buildWorkflowBody(v: WorkflowFormValues): WorkflowBody {
  const steps: WorkflowStep[] = (v.steps ?? []).map((s) => ({
    action: s.action,
    description: text(s.description),
    delay: whole(s.delay),
    params: stepParams(s.action, s.params),
  }));
  return { name: text(v.name), description: text(v.description), trigger: buildTrigger(v), steps };
}

/** The editor's values for an existing workflow. */
export function workflowFormValues(w: Workflow): WorkflowFormValues {
  const t = w.trigger;
  return {
    ...NEW_WORKFLOW_VALUES,
    name: w.name,
    description: w.description,
    trigger_type: t?.type ?? 'manual',
    ...(t?.type === 'schedule' ? { cron: t.cron, time_zone: t.time_zone } : {}),
    ...(t?.type === 'event'
      ? {
          event_type: t.event_type,
          conditions: (t.conditions ?? []).map((c) => ({ field: c.field, op: c.op, value: String(c.value) })),
        }
      : {}),
    steps: w.steps.map((s) => {
      const p = s.params as Record<string, unknown>;
      const params: StepParamValues = { ...defaultParams(s.action), ...(p as StepParamValues) };
      if (Array.isArray(p.attendees)) params.attendees = (p.attendees as string[]).join(', ');
      return { action: s.action, description: s.description, delay: s.delay, params };
    }),
  };
}

/** The spec: a name and at least one step. */
export function canSave(name: string | undefined, steps: unknown[] | undefined): boolean {
  return Boolean(name?.trim()) && (steps?.length ?? 0) > 0;
}
