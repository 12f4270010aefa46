/** The caller gave up while waiting its turn (its signal aborted): it has left the queue. */
export class LeftQueue extends Error {
  constructor() {
    super('left the conversion queue');
  }
}

/** The queue is full: the caller should come back in `retryAfterSeconds`. */
export class QueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the conversion queue is full');
  }
}

/**
 * At most `concurrency` tasks run at once; up to `maxWaiting` more wait their turn in arrival order,
 * and a task beyond that is refused at once (QueueFull) rather than left to wait without end. A slot
 * is handed straight to the next waiter, so a newcomer cannot overtake the queue.
 */
export class ConversionQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Seconds a recent task took (a moving average), for the Retry-After of a refusal. */
  private averageSeconds = 2;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` in its turn; a caller whose `signal` aborts while it waits leaves the queue (LeftQueue). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFull(this.retryAfterSeconds());
      await this.turn(signal);
    }
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.averageSeconds = 0.8 * this.averageSeconds + 0.2 * ((Date.now() - started) / 1000);
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new LeftQueue());
      const onAbort = () => {
        const at = this.waiting.indexOf(handOver);
        if (at < 0) return; // already handed the slot: the task itself sees the signal
        this.waiting.splice(at, 1);
        reject(new LeftQueue());
      };
      const handOver = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(handOver);
    });
  }

  /** About when a slot frees up for one more: the queue ahead of it drained at the recent pace. */
  private retryAfterSeconds(): number {
    const rounds = this.waiting.length / this.concurrency + 1;
    return Math.max(1, Math.ceil(rounds * this.averageSeconds));
  }
}
