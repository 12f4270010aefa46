import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { checkStepParams, renderTemplate, stepCall, type WorkflowRun, type WorkflowStep } from '@sixa/contracts';
import type { Change } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { WorkConfigRef } from '../config.provider';
import { AdmissionLimit } from './admission-limit';
import { COMMAND_ACTIONS, PermanentStepError, WorkflowActions, type StepContext } from './workflow-actions';
import { backoffMs, retriesOf } from './workflow.rules';
import type { RunStepRecord, WorkflowRunDoc } from './workflow-run.schema';
import { WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';
import { runFailed, runSucceeded, stepFailed, stepSucceeded } from './workflows.events';
import { WorkflowsRepository } from './workflows.repository';

type RunChange = Change<WorkflowRunDoc, WorkflowRun>;

/** Runs awaiting an answer remembered as written (see `awaitingRuns`). */
const AWAITING_KEPT = 2_000;

/** While slow looks hold queued runs back (see AdmissionLimit.admitting), how soon to look again. */
const HOLD_RECHECK_MS = 250;

/** Queued runs that make a long queue: with slow looks, a burst of starts coming in (see AdmissionLimit.admitting). */
const LONG_QUEUE = 100;

/** A finished run uncounted for longer than this is counted by the sweep's repair. */
const UNCOUNTED_GRACE_MS = 10_000;

/** A look for due runs slower than this is logged. */
const SLOW_SWEEP_MS = 2_000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/**
 * The workflow engine, in every replica. Runs live in the database; each replica polls for open runs
 * that are due (`wake_at <= now`) and claims each with a conditional update, so a run is worked on by
 * one replica at a time; a replica that dies leaves a claim that expires, and another takes over.
 * A run advances one step at a time, each step a conditional update on the claim that carries its
 * events (outbox). Waits, delays and retry back-offs release the claim and set `wake_at`: durable
 * timers that survive restarts. Actions get `runId:index` as an idempotency key, so a step redone
 * after a crash is applied once.
 *
 * A step another service carries out (COMMAND_ACTIONS) sends its command in the run's outbox, with the
 * step's key as correlation id, and waits unclaimed (`awaiting`, `wake_at` = its time-out): the
 * service's answer settles the step with one conditional update (`settle`, from a consumer on any
 * replica); a time-out fails the attempt like any other failure (a retry re-sends the same command,
 * which the service applies once).
 */
@Injectable()
export class WorkflowEngine implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly logger = createLogger('work:workflow-engine');
  /**
   * This replica's runs being worked on: how many more it may take (WORKFLOW_CONCURRENCY) and what a
   * stop waits for. Not a lock: which replica works on a run is decided by its claim in the store.
   */
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /**
   * The last look found queued runs kept waiting by the admission limit: a run started now would wait
   * too, so it does not call for another look (a run that ends here does, and so does the sweep).
   */
  private heldBack = false;
  /** The last look held queued runs back because looks are slow: look again soon (HOLD_RECHECK_MS). */
  private recheck = false;
  /** Claims being made by `wake`: awaited by a stop, and counted against the replica's room until made. */
  private readonly wakes = new Set<Promise<void>>();
  private waking = 0;
  /** The repair of uncounted runs in progress (see `countFinished`). */
  private counting: Promise<void> | null = null;
  /** When finished runs left uncounted (a crash between two writes) were last looked for. */
  private countedAt = 0;
  /** How many runs are taken in at once: adjusted to the overhead of the runs that finish here. */
  readonly admission: AdmissionLimit;

  constructor(
    private readonly runs: WorkflowRunsRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly actions: WorkflowActions,
    private readonly config: WorkConfigRef,
    starter: WorkflowRunsService,
  ) {
    // A burst of executions would otherwise ask for a look per run while none can be taken in.
    starter.onStarted = () => {
      if (!this.heldBack) this.kick();
    };
    this.admission = new AdmissionLimit({
      ceiling: this.cfg.workflowMaxActiveRuns,
      targetMs: this.cfg.workflowTargetOverheadMs,
    });
  }

  private get cfg() {
    return this.config.value;
  }

  onApplicationBootstrap() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming; runs in flight stop after their current step and hand their claim back. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await this.counting;
    await Promise.all([...this.wakes]);
    await Promise.all([...this.inFlight]);
  }

  /** Look for due runs now (a run was just started here). */
  kick() {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.recheck ? HOLD_RECHECK_MS : this.cfg.timerSweepMs);
      });
    }, delay);
  }

  private async tick(): Promise<void> {
    const began = Date.now();
    let claimedIn: number | null = null;
    try {
      const room = this.cfg.workflowConcurrency - this.inFlight.size - this.waking;
      if (room > 0) {
        const holding = this.admission.holding();
        const longQueue = holding && (await this.runs.queuedAtLeast(LONG_QUEUE));
        const { runs: claimed, held } = await this.runs.claimDue(
          this.owner,
          this.cfg.workflowClaimMs,
          room,
          this.admission.admitting(Date.now(), longQueue),
          this.firstMove,
        );
        claimedIn = Date.now() - began;
        this.admission.looked(claimedIn);
        this.heldBack = held;
        // Held by slow looks, not by the limit: no sign the limit is too low; and a look again soon.
        if (held && !holding) this.admission.held();
        this.recheck = held && holding;
        for (const run of claimed) this.start(run);
      }
      // A repair, not the way runs are counted (each is counted as it ends): once a sweep, not each
      // look, and beside the looks (a run's wait that ends is not kept waiting for it).
      if (Date.now() - this.countedAt >= this.cfg.timerSweepMs && !this.counting) {
        this.countedAt = Date.now();
        this.counting = this.countFinished()
          .catch((e) => this.logger.warn({ err: e }, 'finished runs not counted yet; retrying next sweep'))
          .finally(() => {
            this.counting = null;
          });
      }
    } catch (e) {
      this.logger.warn({ err: e }, 'workflow sweep failed; retrying next turn');
    }
    const took = Date.now() - began;
    // Due runs wait while a look for them takes this long: worth an operator's eye (the store is slow).
    if (took > SLOW_SWEEP_MS)
      this.logger.warn(
        { took_ms: took, claim_ms: claimedIn, in_flight: this.inFlight.size },
        'a look for due workflow runs was slow',
      );
  }

  /**
   * Runs this replica handed back to wait, as it wrote them, whose wait is over (the wake timer): each
   * claimed at once with its first move, without a look for it, as far as the replica has room (the
   * rest, and any the claim misses because they changed, are found by a look).
   */
  wake(known: WorkflowRunDoc[]) {
    if (this.stopped) return;
    const room = Math.max(this.cfg.workflowConcurrency - this.inFlight.size - this.waking, 0);
    const now = known.slice(0, room);
    if (now.length < known.length) this.kick();
    if (!now.length) return;
    this.waking += now.length;
    const claiming: Promise<void> = this.runs
      .claimKnown(now, this.owner, this.cfg.workflowClaimMs, this.firstMove)
      .then((claimed) => {
        for (const run of claimed) this.start(run);
      })
      .catch((e) => {
        this.logger.warn({ err: e }, 'could not claim runs whose wait ended; a look will find them');
        this.kick();
      })
      .finally(() => {
        this.waking -= now.length;
        this.wakes.delete(claiming);
      });
    this.wakes.add(claiming);
  }

  /** Works on a claimed run, beside the others; a look follows its end (room for another). */
  private start(run: WorkflowRunDoc) {
    const id = String(run._id);
    const work: Promise<void> = this.process(run)
      .catch((e) => this.logger.error({ err: e, run: id }, 'workflow run step failed unexpectedly'))
      .finally(() => {
        this.inFlight.delete(work);
        this.kick();
      });
    this.inFlight.add(work);
  }

  /** A run that finished here: its overhead (duration minus its waits) tells the admission limit how things go. */
  private observe(run: WorkflowRunDoc) {
    const overhead = overheadOf(run);
    if (overhead !== null && run.admitted_at) this.admission.observe(new Date(run.admitted_at).getTime(), overhead);
  }

  /**
   * Counters of runs that finished but were not counted (a crash between the two writes), left so for
   * longer than UNCOUNTED_GRACE_MS (a run that just ended is being counted by whoever ended it).
   */
  private async countFinished() {
    for (const run of await this.runs.uncounted(new Date(Date.now() - UNCOUNTED_GRACE_MS))) await this.count(run);
  }

  private async count(run: Pick<WorkflowRunDoc, '_id' | 'workflow_id' | 'status' | 'ended_at'>) {
    if (run.status !== 'succeeded' && run.status !== 'failed') return;
    await this.workflows.countRun(run.workflow_id, String(run._id), run.status, run.ended_at ?? new Date());
    await this.runs.markCounted(String(run._id));
  }

  /**
   * A claimed run's first move, written with the claim: the moves that need nothing outside the run,
   * up to the next action to carry out (or a claim taken early handed back).
   */
  private readonly firstMove = (doc: WorkflowRunDoc): RunChange | null =>
    doc.awaiting ? this.awaitingDue(doc) : this.chain(doc, null);

  /** Works on a run claimed with its first move until it waits, finishes, loses its claim, or the replica stops. */
  private async process(claimed: WorkflowRunDoc): Promise<void> {
    const id = String(claimed._id);
    let run = await this.goesOn(claimed);
    // The first move could not be made with the claim (it failed): made now, failing here if it must.
    if (run && run.steps[run.current_step]?.status !== 'running') run = await this.apply(id, this.firstMove, run);
    while (run) {
      if (this.stopped) {
        // Hand the run back at once: another replica (or this one after a restart) goes on with it.
        await this.runs.changeHeld(id, this.owner, () => ({ set: { claim_owner: null, wake_at: new Date() } }), run);
        return;
      }
      run = await this.carryOut(run);
    }
  }

  /**
   * Carries out the held run's current step, marked running (a local action: a task, an event, an
   * e-mail, a webhook), and writes its outcome with every move that follows it up to the next action,
   * wait or end, in one update. The run as it is then, or null when the replica is done with it.
   */
  private async carryOut(run: WorkflowRunDoc): Promise<WorkflowRunDoc | null> {
    const id = String(run._id);
    const i = run.current_step;
    const step = run.plan[i];
    const params = run.steps[i].input ?? {};
    const ctx: StepContext = {
      key: `${id}:${i}`,
      runId: id,
      workflowId: run.workflow_id,
      index: i,
      actingAs: run.acting_as,
      input: run.input,
    };
    let output: Record<string, unknown>;
    const heartbeat = setInterval(
      () => void this.runs.renewClaim(id, this.owner, this.cfg.workflowClaimMs).catch(() => undefined),
      Math.max(Math.floor(this.cfg.workflowClaimMs / 3), 250),
    );
    try {
      output = await this.actions.run(stepCall(step.action, params), ctx);
    } catch (e) {
      clearInterval(heartbeat);
      const error = errorText(e);
      const permanent = e instanceof PermanentStepError;
      return this.apply(id, (doc) => this.failure(doc, i, step, error, permanent), run);
    }
    clearInterval(heartbeat);
    return this.apply(id, (doc) => this.chain(doc, this.succeed(doc, i, step, output)), run);
  }

  /**
   * `first` (when given) and then every move of the run that needs nothing outside it, folded into one
   * change: a wait that has ended succeeds, a delay or a wait starts (the claim is handed back), a
   * command goes out (the run then waits for its answer), the run finishes, or the next local action
   * is marked running (attempts + 1, before it is carried out: a crash in it still counts the attempt).
   * `local: false` (no claim held: an answer to a command) stops before marking a local action running;
   * the run is then handed back, due now, for a replica to carry it out.
   */
  private chain(doc: WorkflowRunDoc, first: RunChange | null, local = true): RunChange | null {
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
  private awaitingDue(doc: WorkflowRunDoc): RunChange {
    const i = doc.current_step;
    const until = doc.awaiting!.until;
    if (Date.now() < new Date(until).getTime()) return { set: { claim_owner: null, wake_at: until } };
    const seconds = Math.round(this.cfg.workflowCommandTimeoutMs / 100) / 10;
    const step = doc.plan[i];
    return this.failure(doc, i, step, `no answer to the ${step.action} command within ${seconds} s`, false);
  }

  /**
   * The answer to a step's command (a consumer calls this on whichever replica reads it): the step
   * succeeds with `output`, or fails for good with `error` (the service refused: retrying cannot
   * help). One conditional update on the run still awaiting this correlation id, which also makes the
   * moves that follow up to the next local action (a wait starts, the next command goes out, the run
   * finishes); a late or repeated answer changes nothing (false). A run with a local action next is
   * released, due now, for any replica to go on with it.
   */
  async settle(
    correlationId: string,
    answer: { ok: true; output: Record<string, unknown> } | { ok: false; error: string },
  ): Promise<boolean> {
    const [runId, index] = correlationId.split(':');
    const i = Number(index);
    const known = this.awaitingRuns.get(runId);
    this.awaitingRuns.delete(runId);
    const result = await this.runs.changeAwaiting(
      runId,
      correlationId,
      (doc) => {
        if (doc.current_step !== i || !doc.plan[i]) return null;
        if (!answer.ok) {
          const c = this.failure(doc, i, doc.plan[i], answer.error, true);
          return { ...c, set: { ...c.set, awaiting: null } };
        }
        const succeeded = this.succeed(doc, i, doc.plan[i], answer.output);
        const c = this.chain(doc, { ...succeeded, set: { ...succeeded.set, awaiting: null } }, false)!;
        // Stopped before a local action: due now, for a replica to claim and carry it out.
        return handsBack(c) ? c : { ...c, set: { ...c.set, claim_owner: null, wake_at: new Date() } };
      },
      known,
    );
    if (result.status !== 'changed') return false;
    const run = result.doc;
    if (!run.open) {
      this.observe(run);
      // Counted after the answer is taken (the consumer goes on with the next answers meanwhile); a
      // count that fails or never happens (a crash) is made by the sweep's repair of uncounted runs.
      void this.count(run).catch((e) => this.logger.warn({ err: e, run: runId }, 'finished run not counted yet'));
    } else this.rememberAwaiting(run);
    // A step to carry out, or (the run ended) room for a queued run.
    this.kick();
    return true;
  }

  private succeed(doc: WorkflowRunDoc, i: number, step: WorkflowStep, output: Record<string, unknown>): RunChange {
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
  private failure(doc: WorkflowRunDoc, i: number, step: WorkflowStep, error: string, permanent: boolean): RunChange {
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

  /**
   * Applies a change to the held run (`held`: as this replica last claimed or wrote it); the run as
   * written, or null when it waits, finished (counted then) or the claim was lost (another replica
   * has it: nothing more to do here).
   */
  private async apply(
    id: string,
    compute: (doc: WorkflowRunDoc) => RunChange | null,
    held: WorkflowRunDoc,
  ): Promise<WorkflowRunDoc | null> {
    const result = await this.runs.changeHeld(id, this.owner, compute, held);
    return result.status === 'changed' ? this.goesOn(result.doc) : null;
  }

  /**
   * Runs this replica handed back to wait for a command's answer, as written then (by id, the
   * earliest first, at most AWAITING_KEPT): the answer's change is computed from it without a read.
   * Only saves a read: the change is guarded by the run's revision, and an answer read by another
   * replica, or a run forgotten here, is read as before.
   */
  private readonly awaitingRuns = new Map<string, WorkflowRunDoc>();

  private rememberAwaiting(run: WorkflowRunDoc) {
    if (!run.awaiting || run.claim_owner !== null) return;
    const id = String(run._id);
    this.awaitingRuns.delete(id);
    this.awaitingRuns.set(id, run);
    if (this.awaitingRuns.size > AWAITING_KEPT) this.awaitingRuns.delete(this.awaitingRuns.keys().next().value!);
  }

  /** After a write to a held run: the run when this replica goes on with it; else null (counted when finished). */
  private async goesOn(after: WorkflowRunDoc): Promise<WorkflowRunDoc | null> {
    this.rememberAwaiting(after);
    if (!after.open) {
      this.observe(after);
      await this.count(after);
      return null;
    }
    if (after.claim_owner === null) return null;
    return after;
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
function handsBack(change: RunChange): boolean {
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
