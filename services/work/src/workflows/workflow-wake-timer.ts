import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@sixa/observability';
import { WorkflowEngine } from './workflow-engine';
import type { WorkflowRunDoc } from './workflow-run.schema';
import { WorkflowRunsRepository } from './workflow-runs.repository';

/** Wake times remembered at once; beyond them the engine's sweep (WORK_TIMER_SWEEP_MS) finds the runs. */
const MAX_PENDING = 20_000;
/** Runs remembered as written with their wake times, at most (each saves a look when its wait ends). */
const RUNS_KEPT = 2_000;

interface Pending {
  at: number;
  /** The run as this replica handed it back to wait, when kept (see RUNS_KEPT). */
  run: WorkflowRunDoc | null;
}

/**
 * Makes a run go on when its wait ends, not at the engine's next sweep (every WORK_TIMER_SWEEP_MS,
 * 5 s by default, which would add up to that much to every wait). The repository tells it each time
 * this replica hands a run back to wait until a time; it keeps those times in memory, and when each
 * comes the engine claims the run it remembers as written (no look for it), or looks for due runs.
 * Memory only speeds things up: the wake time is stored on the run (the durable timer), so after a
 * restart, or for runs another replica put to wait, the sweep still finds them; at start it arms
 * itself for the earliest stored one.
 */
@Injectable()
export class WorkflowWakeTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = createLogger('work:workflow-wake-timer');
  private pending: Pending[] = [];
  private runsKept = 0;
  private timer: NodeJS.Timeout | null = null;
  private armedFor: number | null = null;
  private stopped = true;

  constructor(
    private readonly engine: WorkflowEngine,
    private readonly runs: WorkflowRunsRepository,
  ) {}

  onApplicationBootstrap() {
    this.stopped = false;
    this.runs.onWait = (at, run) => this.add(at.getTime(), run);
    void this.runs
      .nextWakeAt()
      .then((at) => at && this.add(at.getTime()))
      .catch((e) => this.logger.warn({ err: e }, 'could not read the next wake time; the sweep will find due runs'));
  }

  beforeApplicationShutdown() {
    this.stopped = true;
    this.runs.onWait = () => undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    this.runsKept = 0;
  }

  /**
   * A run is due at `at` (epoch ms); `run`, as written then, is kept to be claimed without a look,
   * unless it awaits a command's answer (its wake time is a time-out, which the answer most often
   * makes moot: a look, if anything is still due then, costs less than a claim that misses).
   */
  add(at: number, run?: WorkflowRunDoc) {
    if (this.stopped || this.pending.length >= MAX_PENDING) return;
    const keep = run && !run.awaiting && this.runsKept < RUNS_KEPT ? run : null;
    if (keep) this.runsKept++;
    this.pending.push({ at, run: keep });
    if (this.armedFor === null || at < this.armedFor) this.arm(at);
  }

  private arm(at: number) {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = at;
    this.timer = setTimeout(() => this.fire(), Math.max(at - Date.now(), 0));
  }

  /** Only what is due now: a run claimed before its wake time would not be found due (nor should it be). */
  private fire() {
    this.timer = null;
    this.armedFor = null;
    const now = Date.now();
    let next = Infinity;
    const later: Pending[] = [];
    const known: WorkflowRunDoc[] = [];
    let look = false;
    for (const p of this.pending) {
      if (p.at > now) {
        later.push(p);
        if (p.at < next) next = p.at;
      } else if (p.run) known.push(p.run);
      else look = true;
    }
    this.pending = later;
    this.runsKept -= known.length;
    if (known.length) this.engine.wake(known);
    if (look) this.engine.kick();
    if (next !== Infinity) this.arm(next);
  }
}
