import { Injectable } from '@nestjs/common';
import { actingAs, type AuthUser } from '@sixa/auth';
import type {
  CallWebhookParams,
  CreateCalendarEventParams,
  CreateTaskParams,
  EventEnvelope,
  SetLeadStatusParams,
  StepCall,
  WorkflowAction,
} from '@sixa/contracts';
import { CalendarService } from '../calendar/calendar.service';
import { WorkConfigRef } from '../config.provider';
import { TasksService } from '../tasks/tasks.service';
import { WorkError, WorkErrorCode } from '../work.errors';
import { checkWebhook, postPinned, WebhookRefused, type CheckedWebhook } from '@sixa/outbound';
import { WorkflowMailer } from './workflow-mailer';
import { leadStatusChangeRequested } from './workflows.events';

/** A failure that retrying cannot mend (bad parameters, a refused address): the run fails at once. */
export class PermanentStepError extends Error {}

export interface StepContext {
  /** `runId:stepIndex`: the action is applied at most once under it. */
  key: string;
  runId: string;
  workflowId: string;
  index: number;
  /** Who the run acts as (the workflow's creator). */
  actingAs: string;
  input: Record<string, unknown>;
}

/** Actions another service carries out: the step sends a command and waits for that service's answer. */
export const COMMAND_ACTIONS: ReadonlySet<WorkflowAction> = new Set<WorkflowAction>(['set_lead_status']);

/** The command event of a set_lead_status step: `lead_id` holds the lead's id or, with an `@`, its e-mail. */
export function leadStatusCommand(p: SetLeadStatusParams, ctx: StepContext, until: Date): EventEnvelope {
  const lead = String(p.lead_id).trim();
  const byEmail = lead.includes('@');
  return leadStatusChangeRequested(ctx.actingAs, {
    correlation_id: ctx.key,
    lead_id: byEmail ? null : lead,
    email: byEmail ? lead.toLowerCase() : null,
    status: p.status,
    expires_at: until.toISOString(),
    requested_by: { workflow_id: ctx.workflowId, run_id: ctx.runId, step: ctx.index },
  });
}

/** The run's user, as the services it calls see them (the workflow's creator). */
const actingUser = (ctx: StepContext): AuthUser => actingAs(ctx.actingAs, 'Workflow');

/**
 * The actions a step can take (wait is the engine's own). Each honours the step's idempotency key.
 * Command actions (COMMAND_ACTIONS) are not run here: the engine sends `command()` and waits.
 */
@Injectable()
export class WorkflowActions {
  constructor(
    private readonly tasks: TasksService,
    private readonly calendar: CalendarService,
    private readonly config: WorkConfigRef,
    private readonly mailer: WorkflowMailer,
  ) {}

  /** The command a command action sends (its correlation id is the step's key); null for other actions. */
  command(call: StepCall, ctx: StepContext, until: Date): EventEnvelope | null {
    if (call.action === 'set_lead_status') return leadStatusCommand(call.params, ctx, until);
    return null;
  }

  run(call: StepCall, ctx: StepContext): Promise<Record<string, unknown>> {
    switch (call.action) {
      case 'create_task':
        return this.createTask(call.params, ctx);
      case 'call_webhook':
        return this.callWebhook(call.params, ctx);
      case 'wait':
        return Promise.resolve({});
      case 'send_email':
        return this.mailer.send(call.params, ctx.key, ctx.runId, ctx.index);
      case 'create_calendar_event':
        return this.createCalendarEvent(call.params, ctx);
      case 'set_lead_status':
        // A command action: the engine sends its command and waits for the answer.
        throw new PermanentStepError(`${call.action} is carried out by another service, not run in place`);
    }
  }

  /** Starts `start_in_minutes` after the step first runs (to the minute); made once per step key. */
  private async createCalendarEvent(p: CreateCalendarEventParams, ctx: StepContext) {
    const start = new Date(Date.now() + p.start_in_minutes * 60_000);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + p.duration_minutes * 60_000);
    try {
      const event = await this.calendar.create(
        actingUser(ctx),
        {
          title: p.title,
          description: `Created by a workflow (run ${ctx.runId}, step ${ctx.index + 1})`,
          start_time: start.toISOString(),
          end_time: end.toISOString(),
          attendees: p.attendees ?? [],
          time_zone: 'UTC',
        },
        new Date(),
        { idempotencyKey: ctx.key },
      );
      return { event_id: event.id, title: event.title, start_time: event.start_time, end_time: event.end_time };
    } catch (e) {
      // Bad input (an attendee that is not an e-mail once filled in) will not mend by retrying.
      if (e instanceof WorkError && e.code === WorkErrorCode.InvalidInput) throw new PermanentStepError(e.message);
      throw e;
    }
  }

  private async createTask(p: CreateTaskParams, ctx: StepContext) {
    const due = p.due_in_days !== undefined ? new Date(Date.now() + p.due_in_days * 86_400_000).toISOString() : null;
    const task = await this.tasks.create(
      actingUser(ctx),
      {
        title: p.title,
        description: p.description ?? '',
        priority: p.priority ?? 'medium',
        assigned_to: p.assigned_to ?? '',
        due_date: due,
        tags: ['workflow'],
      },
      { idempotencyKey: ctx.key },
    );
    return { task_id: task.id, title: task.title };
  }

  /** POST JSON with the step's key as Idempotency-Key (the receiver drops repeats); non-2xx is a failure. */
  private async callWebhook(p: CallWebhookParams, ctx: StepContext) {
    const cfg = this.config.value;
    let target: CheckedWebhook;
    try {
      target = await checkWebhook(p.url, { allowPrivate: cfg.webhookAllowPrivate, allowHosts: cfg.webhookAllowHosts });
    } catch (e) {
      if (e instanceof WebhookRefused) throw new PermanentStepError(e.message);
      throw e;
    }
    // Connected to the address the guard checked (no second DNS resolution); redirects are not followed.
    const res = await postPinned(target, {
      headers: { 'content-type': 'application/json', 'idempotency-key': ctx.key },
      body: JSON.stringify({ workflow_id: ctx.workflowId, run_id: ctx.runId, step: ctx.index, data: ctx.input }),
      timeoutMs: cfg.webhookTimeoutMs,
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`webhook ${target.url.origin} answered ${res.status}`);
    return { status: res.status };
  }
}
