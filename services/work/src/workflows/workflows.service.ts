import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { CreateWorkflowDto, UpdateWorkflowDto, Workflow, WorkflowStats } from '@sixa/contracts';
import type { PageQuery } from '@sixa/mongo';
import { changedOrThrow, WorkError, WorkErrorCode } from '../work.errors';
import { nextFire, normaliseSteps, normaliseTrigger } from './workflow.rules';
import type { WorkflowDoc } from './workflow.schema';
import { workflowCreated, workflowDeleted, workflowUpdated } from './workflows.events';
import { rateOf, WorkflowsRepository } from './workflows.repository';

export const workflowNotFound = () => new WorkError(WorkErrorCode.WorkflowNotFound, 'Workflow not found');

/** What the trigger implies for the indexed fields the consumer and the scheduler query. */
function triggerFields(
  trigger: WorkflowDoc['trigger'],
  now = new Date(),
): Pick<WorkflowDoc, 'event_type' | 'next_fire_at'> {
  return {
    event_type: trigger.type === 'event' ? trigger.event_type : null,
    next_fire_at: trigger.type === 'schedule' ? nextFire(trigger.cron, trigger.time_zone, now) : null,
  };
}

@Injectable()
export class WorkflowsService {
  constructor(private readonly workflows: WorkflowsRepository) {}

  list(q: PageQuery) {
    return this.workflows.list(q);
  }

  async get(id: string): Promise<Workflow> {
    const w = await this.workflows.findLive(id);
    if (!w) throw workflowNotFound();
    return w;
  }

  async stats(): Promise<WorkflowStats> {
    const f = await this.workflows.figures();
    const ran = f.counters.filter((c) => c.succeeded + c.failed > 0);
    const mean = ran.length ? ran.reduce((sum, c) => sum + rateOf(c.succeeded, c.failed), 0) / ran.length : 0;
    return {
      total_workflows: f.total,
      active: f.active,
      total_executions: f.counters.reduce((sum, c) => sum + c.succeeded + c.failed, 0),
      avg_success_rate: Math.round(mean * 10) / 10,
    };
  }

  create(actor: AuthUser, dto: CreateWorkflowDto): Promise<Workflow> {
    const steps = normaliseSteps(dto.steps);
    const trigger = normaliseTrigger(dto.trigger);
    return this.workflows.insert(
      {
        name: dto.name,
        description: dto.description ?? '',
        steps,
        trigger,
        ...triggerFields(trigger),
        enabled: true,
        retries: dto.retries ?? 3,
        succeeded: 0,
        failed: 0,
        last_outcome: null,
        last_run_at: null,
        created_by: actor.id,
        deleted_at: null,
        live: true,
        applied_events: [],
      },
      (w) => [workflowCreated(actor.id, w)],
    );
  }

  private mayEdit(actor: AuthUser, w: Workflow) {
    if (w.created_by !== actor.id && actor.role !== 'admin')
      throw new WorkError(WorkErrorCode.NotYours, "Only the workflow's creator or an admin can change it");
  }

  /** PUT: the fields given; with `rev`, only if no one changed it since (else 409). */
  async update(actor: AuthUser, id: string, dto: UpdateWorkflowDto, expectedRev = dto.rev): Promise<Workflow> {
    this.mayEdit(actor, await this.get(id));
    const steps = dto.steps ? normaliseSteps(dto.steps) : undefined;
    const trigger = dto.trigger ? normaliseTrigger(dto.trigger) : undefined;
    const result = await this.workflows.changeById(
      id,
      (doc) => {
        const set: Partial<WorkflowDoc> = {};
        if (dto.name !== undefined) set.name = dto.name;
        if (dto.description !== undefined) set.description = dto.description;
        if (steps) set.steps = steps;
        if (dto.retries !== undefined) set.retries = dto.retries;
        if (trigger) Object.assign(set, { trigger }, triggerFields(trigger));
        if (!Object.keys(set).length) return null;
        const before = this.workflows.map(doc);
        return {
          set,
          events: (after) => {
            const e = workflowUpdated(actor.id, before, after);
            return e ? [e] : [];
          },
        };
      },
      { expectedRev },
    );
    return changedOrThrow(result, 'workflow', workflowNotFound);
  }

  /** Pause or resume: a conditional transition (pausing a paused workflow changes nothing). */
  async setEnabled(actor: AuthUser, id: string, enabled: boolean): Promise<Workflow> {
    this.mayEdit(actor, await this.get(id));
    const result = await this.workflows.changeById(id, (doc) => {
      if (doc.enabled === enabled) return null;
      const before = this.workflows.map(doc);
      const set: Partial<WorkflowDoc> = { enabled };
      // A resumed schedule fires from now on (no burst of the runs it missed while paused).
      if (enabled && doc.trigger.type === 'schedule') set.next_fire_at = triggerFields(doc.trigger).next_fire_at;
      return {
        set,
        events: (after) => {
          const e = workflowUpdated(actor.id, before, after);
          return e ? [e] : [];
        },
      };
    });
    return changedOrThrow(result, 'workflow', workflowNotFound);
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    this.mayEdit(actor, await this.get(id));
    const result = await this.workflows.changeById(id, (doc) => ({
      set: { deleted_at: new Date(), live: false, enabled: false },
      events: () => [workflowDeleted(actor.id, this.workflows.map(doc))],
    }));
    changedOrThrow(result, 'workflow', workflowNotFound);
  }
}
