import { Injectable } from '@nestjs/common';
import { checkStepParams, renderTemplate, stepCall, type WorkflowRun, type WorkflowStep } from '@sixa/contracts';
import type { Change } from '@sixa/mongo';
import { WorkConfigRef } from '../config.provider';
import { COMMAND_ACTIONS, WorkflowActions, type StepContext } from './workflow-actions';
import { backoffMs, retriesOf } from './workflow.rules';
import type { RunStepRecord, WorkflowRunDoc } from './workflow-run.schema';
import { runFailed, runSucceeded, stepFailed, stepSucceeded } from './workflows.events';

export type RunChange = Change<WorkflowRunDoc, WorkflowRun>;

/**
 * How a run moves on (the transitions of its state, each a change to write with its events): a step
 * starts, waits, succeeds, fails or is retried, a command goes out, the run finishes. Pure of the
 * store: the engine writes each change as one conditional update on the run it holds.
 */
@Injectable()
export class WorkflowRunMoves {
  constructor(
    private readonly actions: WorkflowActions,
    private readonly config: WorkConfigRef,
  ) {}

  private get cfg() {
    return this.config.value;
  }

  /**
   * A claimed run's first move, written with the claim: the moves that need nothing outside the run,
   * up to the next action to carry out (or a claim taken early handed back).
   */
  readonly firstMove = (doc: WorkflowRunDoc): RunChange | null =>
    doc.awaiting ? this.awaitingDue(doc) : this.chain(doc, null);

  /**
   * `first` (when given) and then every move of the run that needs nothing outside it, folded into one
   * change: a wait that has ended succeeds, a delay or a wait starts (the claim is handed back), a
   * command goes out (the run then waits for its answer), the run finishes, or the next local action
   * is marked running (attempts + 1, before it is carried out: a crash in it still counts the attempt).
   * `local: false` (no claim held: an answer to a command) stops before marking a local action running;
   * the run is then handed back, due now, for a replica to carry it out.
   */
  chain(doc: WorkflowRunDoc, first: RunChange | null, local = true): RunChange | null {
    const changes: RunChange[] = first ? [first] : [];
    let state: WorkflowRunDoc = first ? ({ ...doc, ...first.set } as WorkflowRunDoc) : doc;
    let done = first !== null && handsBack(first);
    // Each move starts, ends or finishes a step: the plan bounds them.
    for (let n = 0; !done && n <= 2 * doc.plan.length + 1; n++) {
      const i = state.current_step;
      if (!local && i < state.plan.length && !isPure(state, i)) break;
      const next = this.move(state);
      changes.push(next);
      state = { ...state, ...next.set } as WorkflowRunDoc;
      done = handsBack(next) || state.steps[i]?.status === 'running';
    }
    if (!changes.length) return null;
    return {
      set: Object.assign({}, ...changes.map((c) => c.set)) as Partial<WorkflowRunDoc>,
      events: (after) => changes.flatMap((c) => c.events?.(after) ?? []),
    };
  }

  /** The next move of a held run (see `chain`). */
  private move(run: WorkflowRunDoc): RunChange {
    const i = run.current_step;
    if (i >= run.plan.length) return this.finish(run, 'succeeded');
    const step = run.plan[i];
    const rec = run.steps[i];
    const params = renderTemplate(step.params ?? {}, {
      ...run.input,
      run: { id: String(run._id), workflow_id: run.workflow_id },
    });
    const pause = step.action === 'wait' ? Number(params.seconds) || 0 : step.delay;

    // A delay (or a wait) first: the durable timer, the claim handed back.
    if (rec.status === 'pending' && pause > 0) {
      const at = new Date(Date.now() + pause * 1000);
      return {
        set: {
          steps: withStep(run.steps, i, { status: 'waiting', started_at: new Date(), input: params }),
          status: 'waiting',
          next_at: at,
          wake_at: at,
          claim_owner: null,
        },
      };
    }
    if (step.action === 'wait') return this.succeed(run, i, step, { waited_seconds: pause });

    const problems = checkStepParams(step.action, params);
    if (problems.length)
      return this.failure(run, i, step, `invalid parameters after templating: ${problems.join('; ')}`, true);
    const running: Partial<RunStepRecord> = {
      attempts: rec.attempts + 1,
      input: params,
      started_at: rec.started_at ?? new Date(),
    };
    if (!COMMAND_ACTIONS.has(step.action))
      return {
        set: {
          steps: withStep(run.steps, i, { ...running, status: 'running' }),
          status: 'running',
          next_at: null,
          wake_at: new Date(Date.now() + this.cfg.workflowClaimMs),
        },
      };

    // Another service carries it out: the command goes out with the change that makes the run wait
    // for its answer (outbox: both or neither).
    const key = `${String(run._id)}:${i}`;
    const ctx: StepContext = {
      key,
      runId: String(run._id),
      workflowId: run.workflow_id,
      index: i,
      actingAs: run.acting_as,
      input: run.input,
    };
    const until = new Date(Date.now() + this.cfg.workflowCommandTimeoutMs);
    const command = this.actions.command(stepCall(step.action, params), ctx, until);
    if (!command) return this.failure(run, i, step, `${step.action} sends no command`, true);
    return {
      set: {
        steps: withStep(run.steps, i, { ...running, status: 'waiting' }),
        status: 'waiting',
        awaiting: { correlation_id: key, until },
        next_at: null,
        wake_at: until,
        claim_owner: null,
      },
      events: () => [command],
    };
  }

  /** A claimed run still waiting for an answer: its time-out passed (an early claim hands it back). */
  awaitingDue(doc: WorkflowRunDoc): RunChange {
    const i = doc.current_step;
    const until = doc.awaiting!.until;
    if (Date.now() < new Date(until).getTime()) return { set: { claim_owner: null, wake_at: until } };
    const seconds = Math.round(this.cfg.workflowCommandTimeoutMs / 100) / 10;
    const step = doc.plan[i];
    return this.failure(doc, i, step, `no answer to the ${step.action} command within ${seconds} s`, false);
  }

  succeed(doc: WorkflowRunDoc, i: number, step: WorkflowStep, output: Record<string, unknown>): RunChange {
    return {
      set: {
        steps: withStep(doc.steps, i, { status: 'succeeded', output, error: null, ended_at: new Date() }),
        current_step: i + 1,
        status: 'running',
        next_at: null,
        wake_at: new Date(Date.now() + this.cfg.workflowClaimMs),
      },
      events: (after) => [stepSucceeded(after, i, step.action)],
    };
  }

  /** A failed attempt: a retry after the back-off, or (permanent, or no retries left) the run fails. */
  failure(doc: WorkflowRunDoc, i: number, step: WorkflowStep, error: string, permanent: boolean): RunChange {
    const attempts = doc.steps[i].attempts;
    const retry = !permanent && attempts <= retriesOf(step, doc.retries);
    if (retry) {
      const at = new Date(Date.now() + backoffMs(attempts, this.cfg.workflowRetryBaseMs));
      return {
        set: {
          steps: withStep(doc.steps, i, { status: 'waiting', error }),
          status: 'waiting',
          awaiting: null,
          next_at: at,
          wake_at: at,
          claim_owner: null,
        },
        events: (after) => [stepFailed(after, i, step.action, at)],
      };
    }
    const now = new Date();
    const steps = withStep(doc.steps, i, { status: 'failed', error, ended_at: now }).map((s) =>
      s.index > i ? { ...s, status: 'skipped' as const } : s,
    );
    const failed = this.finish({ ...doc, steps }, 'failed', `step ${i + 1} (${step.action}): ${error}`);
    return {
      ...failed,
      set: { ...failed.set, awaiting: null },
      events: (after) => [stepFailed(after, i, step.action, null), runFailed(after, i)],
    };
  }

  private finish(doc: WorkflowRunDoc, outcome: 'succeeded' | 'failed', error: string | null = null): RunChange {
    return {
      set: {
        steps: doc.steps,
        status: outcome,
        error,
        ended_at: new Date(),
        open: false,
        counted: false,
        next_at: null,
        claim_owner: null,
      },
      events: (after) => (outcome === 'succeeded' ? [runSucceeded(after)] : []),
    };
  }
}

/**
 * A succeeded run's time not spent waiting: from its admission to its end, minus its delays and waits
 * (as planned). Null for a run that failed or retried a step (a back-off is a wait of another kind).
 */
export function overheadOf(run: WorkflowRunDoc): number | null {
  if (run.status !== 'succeeded' || !run.admitted_at || !run.ended_at) return null;
  if (run.steps.some((s) => s.attempts > 1)) return null;
  let paused = 0;
  run.plan.forEach((step, i) => {
    const rendered = run.steps[i]?.input;
    paused += step.action === 'wait' ? Number(rendered?.seconds) || 0 : step.delay || 0;
  });
  return new Date(run.ended_at).getTime() - new Date(run.admitted_at).getTime() - paused * 1000;
}

/** The change hands the run back (a wait, a command's answer awaited, a retry's back-off, the end). */
export function handsBack(change: RunChange): boolean {
  return change.set?.claim_owner === null;
}

/** A step that needs no action carried out in a replica (a wait, a delay still to start, a command). */
function isPure(run: WorkflowRunDoc, i: number): boolean {
  const step = run.plan[i];
  return (
    step.action === 'wait' || COMMAND_ACTIONS.has(step.action) || (run.steps[i].status === 'pending' && step.delay > 0)
  );
}

function withStep(steps: RunStepRecord[], i: number, patch: Partial<RunStepRecord>): RunStepRecord[] {
  return steps.map((s) => (s.index === i ? { ...s, ...patch } : s));
}
