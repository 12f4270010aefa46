import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { stepCall } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { WorkConfigRef } from '../config.provider';
import { AdmissionLimit } from './admission-limit';
import { PermanentStepError, WorkflowActions, type StepContext } from './workflow-actions';
import type { WorkflowRunDoc } from './workflow-run.schema';
import { handsBack, overheadOf, WorkflowRunMoves, type RunChange } from './workflow-run-moves';
import { WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';
import { WorkflowsRepository } from './workflows.repository';

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
    private readonly moves: WorkflowRunMoves,
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
          this.moves.firstMove,
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
      .claimKnown(now, this.owner, this.cfg.workflowClaimMs, this.moves.firstMove)
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

  /** Works on a run claimed with its first move until it waits, finishes, loses its claim, or the replica stops. */
  private async process(claimed: WorkflowRunDoc): Promise<void> {
    const id = String(claimed._id);
    let run = await this.goesOn(claimed);
    // The first move could not be made with the claim (it failed): made now, failing here if it must.
    if (run && run.steps[run.current_step]?.status !== 'running') run = await this.apply(id, this.moves.firstMove, run);
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
      return this.apply(id, (doc) => this.moves.failure(doc, i, step, error, permanent), run);
    }
    clearInterval(heartbeat);
    return this.apply(id, (doc) => this.moves.chain(doc, this.moves.succeed(doc, i, step, output)), run);
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
          const c = this.moves.failure(doc, i, doc.plan[i], answer.error, true);
          return { ...c, set: { ...c.set, awaiting: null } };
        }
        const succeeded = this.moves.succeed(doc, i, doc.plan[i], answer.output);
        const c = this.moves.chain(doc, { ...succeeded, set: { ...succeeded.set, awaiting: null } }, false)!;
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
