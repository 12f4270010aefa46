import {
  checkStepParams,
  WORKFLOW_DEFAULT_RETRIES,
  type WorkflowStep,
  type WorkflowStepDto,
  type WorkflowTrigger,
  type WorkflowTriggerDto,
} from '@sixa/contracts';
import { CronExpressionParser } from 'cron-parser';
import { WorkError, WorkErrorCode } from '../work.errors';

const invalid = (detail: string) => new WorkError(WorkErrorCode.InvalidInput, detail);

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The steps as stored: defaults filled, each action's parameters checked (400 naming the step). */
export function normaliseSteps(steps: WorkflowStepDto[]): WorkflowStep[] {
  return steps.map((s, i) => {
    const params = s.params ?? {};
    const problems = checkStepParams(s.action, params);
    if (problems.length) throw invalid(`step ${i + 1} (${s.action}): ${problems.join('; ')}`);
    const step: WorkflowStep = { action: s.action, description: s.description ?? '', delay: s.delay ?? 0, params };
    if (s.retries !== undefined) step.retries = s.retries;
    return step;
  });
}

/** When a cron expression next fires after `after`, in its time zone. */
export function nextFire(cron: string, timeZone: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { tz: timeZone, currentDate: after }).next().toDate();
}

/** The trigger as stored (manual by default); a bad cron expression or time zone is a 400. */
export function normaliseTrigger(t: WorkflowTriggerDto | undefined): WorkflowTrigger {
  if (!t || t.type === 'manual') return { type: 'manual' };
  if (t.type === 'schedule') {
    const timeZone = t.time_zone || 'UTC';
    if (!isTimeZone(timeZone)) throw invalid(`time_zone ${timeZone} is not a known time zone`);
    const cron = (t.cron ?? '').trim();
    try {
      nextFire(cron, timeZone, new Date());
    } catch (e) {
      throw invalid(`cron ${JSON.stringify(cron)} is not a valid cron expression: ${(e as Error).message}`);
    }
    return { type: 'schedule', cron, time_zone: timeZone };
  }
  const eventType = (t.event_type ?? '').trim();
  if (eventType.startsWith('workflow.'))
    throw invalid('workflow events cannot trigger workflows (a workflow could start itself for ever)');
  return {
    type: 'event',
    event_type: eventType,
    conditions: (t.conditions ?? []).map((c) => ({ field: c.field, op: c.op, value: c.value })),
  };
}

/** Retries of step `index`: the step's own, else the workflow's, else the default. */
export const retriesOf = (step: WorkflowStep, workflowRetries: number | undefined): number =>
  step.retries ?? workflowRetries ?? WORKFLOW_DEFAULT_RETRIES;

/** Back-off before retry number `attempt` (1-based): base × 2^(attempt-1), capped at ten minutes. */
export const backoffMs = (attempt: number, baseMs: number): number =>
  Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), 600_000);
