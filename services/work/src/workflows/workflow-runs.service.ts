import { Injectable } from '@nestjs/common';
import type { WorkflowRun, WorkflowRunTrigger } from '@sixa/contracts';
import type { PageQuery } from '@sixa/mongo';
import { WorkError, WorkErrorCode } from '../work.errors';
import type { RunStepRecord } from './workflow-run.schema';
import type { WorkflowDoc } from './workflow.schema';
import { WorkflowRunsRepository } from './workflow-runs.repository';
import { runStarted } from './workflows.events';
import { WorkflowsRepository } from './workflows.repository';
import { workflowNotFound } from './workflows.service';

export const paused = () => new WorkError(WorkErrorCode.WorkflowPaused, 'This workflow is paused: resume it to run it');

/** Starting runs (any trigger) and reading their history. The engine advances them. */
@Injectable()
export class WorkflowRunsService {
  /** Called after a run is stored, so that this replica picks it up at once (the engine sets it). */
  onStarted: () => void = () => undefined;

  constructor(
    private readonly runs: WorkflowRunsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {}

  /**
   * A stored run of the workflow as it is now, due at once. `dedupeKey` (an event's or a schedule
   * firing's) makes a repeated trigger find the run it started instead of starting another.
   * `chain`: for a run triggered by an event another run caused, that run and this one's depth.
   */
  async start(
    workflow: WorkflowDoc,
    trigger: WorkflowRunTrigger,
    input: Record<string, unknown>,
    actor: string,
    dedupeKey?: string,
    chain: { depth: number; causedByRun: string | null } = { depth: 0, causedByRun: null },
  ): Promise<WorkflowRun> {
    if (!workflow.enabled) throw paused();
    const now = new Date();
    const steps: RunStepRecord[] = workflow.steps.map((s, index) => ({
      index,
      action: s.action,
      status: 'pending',
      attempts: 0,
      input: null,
      output: null,
      error: null,
      started_at: null,
      ended_at: null,
    }));
    try {
      const run = await this.runs.insert(
        {
          workflow_id: String(workflow._id),
          workflow_name: workflow.name,
          status: 'pending',
          trigger,
          input,
          plan: workflow.steps,
          retries: workflow.retries,
          acting_as: workflow.created_by,
          steps,
          current_step: 0,
          next_at: null,
          wake_at: now,
          claim_owner: null,
          open: true,
          counted: false,
          ...(dedupeKey ? { dedupe_key: dedupeKey } : {}),
          depth: chain.depth,
          caused_by_run: chain.causedByRun,
          error: null,
          started_at: now,
          admitted_at: null,
          ended_at: null,
        },
        (r) => [runStarted(actor, r)],
      );
      this.onStarted();
      return run;
    } catch (e) {
      if (dedupeKey && (e as { code?: number })?.code === 11000) {
        const existing = await this.runs.findByDedupeKey(dedupeKey);
        if (existing) return existing;
      }
      throw e;
    }
  }

  /** POST /workflows/{id}/execute: a manual run (409 while paused). */
  async execute(actorId: string, workflowId: string, input: Record<string, unknown> = {}): Promise<WorkflowRun> {
    const workflow = await this.workflows.findLiveDoc(workflowId);
    if (!workflow) throw workflowNotFound();
    return this.start(workflow, { type: 'manual', actor: actorId }, input, actorId);
  }

  async listOf(workflowId: string, q: PageQuery) {
    if (!(await this.workflows.findLive(workflowId))) throw workflowNotFound();
    return this.runs.listOf(workflowId, q);
  }

  async get(runId: string): Promise<WorkflowRun> {
    const run = await this.runs.findById(runId);
    if (!run) throw new WorkError(WorkErrorCode.WorkflowRunNotFound, 'Workflow run not found');
    return run;
  }
}
