import { CollectionRepository } from '@sixa/mongo';
import type { Collection } from 'mongodb';

export interface WindowCounter {
  _id: string;
  /**
   * What was counted in the window (failed sign-ins, reset e-mails...): the field keeps the name it
   * had when failed sign-ins were all there was to count.
   */
  failures: number;
  window_start: Date;
}

/**
 * Counts per key in fixed windows, in the database so that every replica sees the same counts: each
 * count is one atomic single-document update (a stale window starts over at 1). One collection per
 * thing counted (see LoginAttemptsRepository, ResetRequestsRepository).
 */
export abstract class FixedWindowsRepository extends CollectionRepository<WindowCounter> {
  constructor(
    counters: Collection<WindowCounter>,
    private readonly windowMs: () => number,
  ) {
    super(counters);
  }

  /** Seconds until `key` is under `limit` again, or null when it is under it now. */
  async retryAfter(key: string, limit: number, now = Date.now()): Promise<number | null> {
    const c = await this.findById(key);
    const windowMs = this.windowMs();
    if (!c || now - c.window_start.getTime() >= windowMs || c.failures < limit) return null;
    return Math.ceil((c.window_start.getTime() + windowMs - now) / 1000);
  }

  /** Counts one more for `key`; the count in its window now, this one included. */
  async count(key: string, now = new Date()): Promise<number> {
    const stale = new Date(now.getTime() - this.windowMs());
    const restarted = await this.findAndUpdateById(
      key,
      { $set: { failures: 1, window_start: now } },
      { window_start: { $lte: stale } },
    );
    if (restarted) return restarted.failures;
    // Two first counts at once: one inserts, the other counts on it.
    const counted = await this.upsertById(key, { $inc: { failures: 1 }, $setOnInsert: { window_start: now } });
    return counted?.failures ?? 1;
  }

  async clear(key: string): Promise<void> {
    await this.deleteById(key);
  }
}

/** "N minutes" until a window lets the caller in again (at least one). */
export function minutesFrom(retryAfterSec: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
