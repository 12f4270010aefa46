import type { LeadStatusCommand, Workflow, WorkflowAction, WorkflowRun } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'work';

export const workflowCreated = (actor: string, workflow: Workflow) =>
  createEvent(SOURCE, 'workflow.created', workflow.id, actor, { workflow });

const EDITABLE = ['name', 'description', 'steps', 'trigger', 'retries', 'enabled'] as const;

export function workflowUpdated(actor: string, before: Workflow, after: Workflow) {
  const fields = EDITABLE.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (!fields.length) return null;
  const pick = (w: Workflow) => Object.fromEntries(fields.map((f) => [f, w[f]]));
  return createEvent(SOURCE, 'workflow.updated', after.id, actor, {
    workflow: after,
    changed_fields: [...fields],
    before: pick(before),
    after: pick(after),
  });
}

export const workflowDeleted = (actor: string, workflow: Workflow) =>
  createEvent(SOURCE, 'workflow.deleted', workflow.id, actor, { workflow });

const ref = (run: WorkflowRun) => ({ run_id: run.id, workflow_id: run.workflow_id, workflow_name: run.workflow_name });

export const runStarted = (actor: string, run: WorkflowRun) =>
  createEvent(SOURCE, 'workflow.run_started', run.id, actor, { ...ref(run), trigger: run.trigger });

export const stepSucceeded = (run: WorkflowRun, index: number, action: WorkflowAction) =>
  createEvent(SOURCE, 'workflow.step_succeeded', run.id, 'system', {
    ...ref(run),
    index,
    action,
    attempts: run.steps[index].attempts,
    output: run.steps[index].output,
  });

export const stepFailed = (run: WorkflowRun, index: number, action: WorkflowAction, retryAt: Date | null) =>
  createEvent(SOURCE, 'workflow.step_failed', run.id, 'system', {
    ...ref(run),
    index,
    action,
    attempts: run.steps[index].attempts,
    error: run.steps[index].error ?? 'failed',
    will_retry: retryAt !== null,
    retry_at: retryAt?.toISOString() ?? null,
  });

export const runSucceeded = (run: WorkflowRun) =>
  createEvent(SOURCE, 'workflow.run_succeeded', run.id, 'system', {
    ...ref(run),
    started_at: run.started_at,
    ended_at: run.ended_at ?? new Date().toISOString(),
  });

export const runFailed = (run: WorkflowRun, failedStep: number) =>
  createEvent(SOURCE, 'workflow.run_failed', run.id, 'system', {
    ...ref(run),
    started_at: run.started_at,
    ended_at: run.ended_at ?? new Date().toISOString(),
    error: run.error ?? 'failed',
    failed_step: failedStep,
  });

/** A set_lead_status step's command to crm; the step's key is the correlation id of crm's answer. */
export const leadStatusChangeRequested = (actor: string, command: LeadStatusCommand) =>
  createEvent(SOURCE, 'lead.status_change_requested', command.lead_id ?? command.email ?? '', actor, command);
