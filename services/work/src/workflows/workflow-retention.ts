import { Injectable } from '@nestjs/common';
import { leasedTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { WorkConfigRef } from '../config.provider';
import { WorkflowRunsRepository } from './workflow-runs.repository';

/** Runs deleted per delete; a turn goes on batch after batch up to MAX_BATCHES_PER_TURN. */
export const RETENTION_BATCH = 500;
const MAX_BATCHES_PER_TURN = 20;
const DAY_MS = 86_400_000;

const logger = createLogger('work:workflow-retention');

/**
 * Old-run cleanup, in one replica at a time (a lease): finished runs that ended more than
 * WORKFLOW_RUN_RETENTION_DAYS ago are deleted in batches. A run goes only once it is counted (the
 * workflow's executions and success rate live on the workflow and stay) and its events are out.
 * Each delete re-checks those conditions, so a turn that overlaps a lease take-over deletes nothing twice.
 */
@Injectable()
export class WorkflowRetention {
  constructor(
    private readonly runs: WorkflowRunsRepository,
    private readonly config: WorkConfigRef,
  ) {}

  /** Deletes the runs past retention (up to MAX_BATCHES_PER_TURN batches); how many went. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.value.workflowRunRetentionDays * DAY_MS);
    let deleted = 0;
    for (let i = 0; i < MAX_BATCHES_PER_TURN; i++) {
      const n = await this.runs.deleteFinishedBefore(cutoff, RETENTION_BATCH);
      deleted += n;
      if (n < RETENTION_BATCH) break;
    }
    if (deleted) logger.info({ deleted, cutoff }, 'workflow runs past retention deleted');
    return deleted;
  }
}

/** The retention sweep every ten minutes, in one replica at a time (a lease). */
export const WorkflowRetentionTimer = leasedTimer('workflow-run-retention', [WorkflowRetention], (retention) => ({
  every: 10 * 60_000,
  turn: () => retention.sweep(),
}));
