import { Injectable } from '@nestjs/common';
import type { CallWebhookParams, CreateTaskParams, SendEmailParams, WorkflowAction } from '@sixa/contracts';
import { WorkConfigRef } from '../config.provider';
import { TasksService } from '../tasks/tasks.service';
import { assertWebhookAllowed, WebhookRefused } from './webhook-guard';
import { WorkflowMailer } from './workflow-mailer';

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

/** The actions a step can take (wait is the engine's own). Each honours the step's idempotency key. */
@Injectable()
export class WorkflowActions {
  constructor(
    private readonly tasks: TasksService,
    private readonly config: WorkConfigRef,
    private readonly mailer: WorkflowMailer,
  ) {}

  run(action: WorkflowAction, params: Record<string, unknown>, ctx: StepContext): Promise<Record<string, unknown>> {
    switch (action) {
      case 'create_task':
        return this.createTask(params as unknown as CreateTaskParams, ctx);
      case 'call_webhook':
        return this.callWebhook(params as unknown as CallWebhookParams, ctx);
      case 'wait':
        return Promise.resolve({});
      case 'send_email':
        return this.mailer.send(params as unknown as SendEmailParams, ctx.key, ctx.runId, ctx.index);
      case 'set_lead_status':
      case 'create_calendar_event':
        throw new PermanentStepError(`the ${action} action is not available yet`);
    }
  }

  private async createTask(p: CreateTaskParams, ctx: StepContext) {
    const due = p.due_in_days !== undefined ? new Date(Date.now() + p.due_in_days * 86_400_000).toISOString() : null;
    const task = await this.tasks.create(
      { id: ctx.actingAs, role: 'employee', name: 'Workflow', email: '', iat: 0 },
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
    let url: URL;
    try {
      url = await assertWebhookAllowed(p.url, {
        allowPrivate: cfg.webhookAllowPrivate,
        allowHosts: cfg.webhookAllowHosts,
      });
    } catch (e) {
      if (e instanceof WebhookRefused) throw new PermanentStepError(e.message);
      throw e;
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': ctx.key },
      body: JSON.stringify({ workflow_id: ctx.workflowId, run_id: ctx.runId, step: ctx.index, data: ctx.input }),
      // A redirect could lead to an address the guard would refuse.
      redirect: 'manual',
      signal: AbortSignal.timeout(cfg.webhookTimeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status < 200 || res.status >= 300) throw new Error(`webhook ${url.origin} answered ${res.status}`);
    return { status: res.status };
  }
}
