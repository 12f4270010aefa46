/** How often the limit is reconsidered, at most. */
const WINDOW_MS = 1_000;
/** Samples a window needs before it moves the limit (or the limit itself, when lower). */
const MIN_SAMPLES = 4;
/** Windows whose medians make the baseline (the overhead of a run on a machine with room to spare). */
const BASELINE_WINDOWS = 60;
/** The least the limit goes down to: a run always goes on, whatever the figures say. */
const FLOOR = 1;
/**
 * Where it starts: low, and up by √limit a window while runs stay quick (a replica that starts into a
 * burst, with the burst's own requests taking the machine, would otherwise take many runs in at once,
 * each slowed by the others and by the burst: the bench measured p99 overheads of 1.2-3 s from those alone).
 */
const START = 2;

/**
 * A look for due runs slower than this many times the target overhead says the store or this process
 * is overloaded right now (a burst of starts coming in, most often): a run taken in would be slowed
 * like the look, so none is taken in until looks are quick again.
 */
const SLOW_LOOK_FACTOR = 2;
/** The longest such a hold lasts: after it, runs are taken in by the limit again however slow the looks. */
const HOLD_MAX_MS = 10_000;

export interface AdmissionLimitOptions {
  /** The most runs taken in at once, whatever the figures (WORKFLOW_MAX_ACTIVE_RUNS). */
  ceiling: number;
  /**
   * An overhead (run duration minus its waits) that counts as unloaded, whatever the baseline measured
   * (WORKFLOW_TARGET_OVERHEAD_MS): runs finishing within it never lower the limit.
   */
  targetMs: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/**
 * How many runs the engine takes in at once (queued runs wait before their first step), adjusted to
 * what the machine and the store can do now, in the manner of a gradient concurrency limit: the
 * overhead of the runs that finish (their duration minus their waits) against the least overhead
 * seen lately (the baseline, when runs had room). Each window (a second and a few runs) the limit
 * becomes `limit × baseline / overhead + √limit`: steady while runs take about the baseline, down when
 * more runs only make each slower, up by √limit while runs wait in the queue and take no longer. An
 * overhead within the target counts as the baseline. Only runs taken in after the last change count
 * for the next one, so a change is judged by its own effect.
 *
 * A replica's own estimate, in memory: it decides how fast queued runs are taken in, never whether a
 * run or a step happens (the queue and the runs are in the store). A restart begins again from START.
 */
export class AdmissionLimit {
  private value: number;
  private samples: number[] = [];
  private medians: number[] = [];
  private windowStart: number;
  private changedAt: number;
  private bound = false;
  /** Since when the looks for due runs have been slow (null: the last one was quick). */
  private slowSince: number | null = null;

  constructor(
    private readonly opts: AdmissionLimitOptions,
    now = Date.now(),
  ) {
    this.value = Math.min(opts.ceiling, START);
    this.windowStart = now;
    this.changedAt = now;
  }

  /** Runs to take in at most, across the replicas' active runs. */
  get limit(): number {
    return this.value;
  }

  /**
   * Runs to take in at most now (active runs included): while the looks for due runs are slow (see
   * SLOW_LOOK_FACTOR), for HOLD_MAX_MS at most, none when `longQueue` (a burst of starts is coming in:
   * a run taken in now would crawl with the intake, and the queue holds the runs until it is over),
   * else one (a run is taken in only when none is going: one always goes on); else the limit. Runs
   * already taken in go on either way.
   */
  admitting(now = Date.now(), longQueue = false): number {
    if (!this.holding(now)) return this.value;
    return longQueue ? 0 : 1;
  }

  /** Whether slow looks keep queued runs waiting now. */
  holding(now = Date.now()): boolean {
    return this.slowSince !== null && now - this.slowSince < HOLD_MAX_MS;
  }

  /** A look for due runs took `ms`. */
  looked(ms: number, now = Date.now()): void {
    if (ms <= SLOW_LOOK_FACTOR * this.opts.targetMs) this.slowSince = null;
    else this.slowSince ??= now;
  }

  /** Runs were kept in the queue by the limit (a higher one would have been used). */
  held(): void {
    this.bound = true;
  }

  /** A run taken in at `admittedAt` finished with `overheadMs` of the engine's (and the services') time. */
  observe(admittedAt: number, overheadMs: number, now = Date.now()): void {
    if (admittedAt < this.changedAt) return;
    this.samples.push(overheadMs);
    if (now - this.windowStart < WINDOW_MS || this.samples.length < Math.min(MIN_SAMPLES, this.value)) return;
    const current = Math.max(median(this.samples), 1);
    this.medians = [...this.medians.slice(-(BASELINE_WINDOWS - 1)), current];
    const baseline = Math.max(Math.min(...this.medians), this.opts.targetMs);
    const gradient = Math.min(1, baseline / current);
    const next = Math.floor(this.value * gradient + Math.sqrt(this.value));
    const before = this.value;
    // Up only while the limit keeps runs waiting; down whenever more runs only make each slower.
    if (next < this.value || this.bound)
      this.value = Math.max(Math.min(FLOOR, this.opts.ceiling), Math.min(this.opts.ceiling, next));
    this.samples = [];
    this.windowStart = now;
    this.bound = false;
    if (this.value !== before) this.changedAt = now;
  }
}
