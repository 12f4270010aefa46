import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@sixa/observability';
import { WorkflowEngine } from './workflow-engine';
import { WorkflowRunsRepository } from './workflow-runs.repository';

/** Wake times within this of each other are served by one look for due runs. */
const COALESCE_MS = 15;
/** Wake times remembered at once; beyond them the engine's sweep (WORK_TIMER_SWEEP_MS) finds the runs. */
const MAX_PENDING = 20_000;

/**
 * Makes a run go on when its wait ends, not at the engine's next sweep (every WORK_TIMER_SWEEP_MS,
 * 5 s by default, which would add up to that much to every wait). The repository tells it each time
 * this replica hands a run back to wait until a time; it keeps those times in memory and asks the
 * engine to look for due runs when each comes. Memory only speeds things up: the wake time is stored
 * on the run (the durable timer), so after a restart, or for runs another replica put to wait, the
 * sweep still finds them; at start it arms itself for the earliest stored one.
 */
@Injectable()
export class WorkflowWakeTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = createLogger('work:workflow-wake-timer');
  private pending: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private armedFor: number | null = null;
  private stopped = true;

  constructor(
    private readonly engine: WorkflowEngine,
    private readonly runs: WorkflowRunsRepository,
  ) {}

  onApplicationBootstrap() {
    this.stopped = false;
    this.runs.onWait = (at) => this.add(at.getTime());
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
  }

  /** A run is due at `at` (epoch ms). */
  add(at: number) {
    if (this.stopped || this.pending.length >= MAX_PENDING) return;
    this.pending.push(at);
    if (this.armedFor === null || at < this.armedFor) this.arm(at);
  }

  private arm(at: number) {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = at;
    this.timer = setTimeout(() => this.fire(), Math.max(at - Date.now(), 0));
  }

  private fire() {
    this.timer = null;
    this.armedFor = null;
    const now = Date.now();
    let next = Infinity;
    const later: number[] = [];
    for (const t of this.pending) {
      if (t > now + COALESCE_MS) {
        later.push(t);
        if (t < next) next = t;
      }
    }
    this.pending = later;
    this.engine.kick();
    if (next !== Infinity) this.arm(next);
  }
}
