import { Injectable } from '@nestjs/common';
import type { SystemStatus } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { MonitoringConfigRef } from '../config.provider';

/**
 * One measurement of the platform, as stored and as the rules and the analysis read it: the status
 * without the alert counts, at a time.
 */
export type Sample = Omit<SystemStatus, 'active_alerts' | 'total_alerts_24h' | 'timestamp'> & { at: Date };

/** The samples of ten minutes in one document (the bucket pattern for time series). */
interface Bucket {
  _id: string;
  start: Date;
  samples: Sample[];
}

const BUCKET_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;
/** The longest window charts and analyses read; kept in memory. */
const CACHE_MS = 7 * 24 * HOUR_MS;

export const bucketKey = (t: Date) =>
  new Date(Math.floor(t.getTime() / BUCKET_MS) * BUCKET_MS).toISOString().slice(0, 16);
const bucketStart = (t: Date) => new Date(Math.floor(t.getTime() / BUCKET_MS) * BUCKET_MS);
const byTime = (a: Sample, b: Sample) => a.at.getTime() - b.at.getTime();

/**
 * A stored sample as read: the figures that may be unmeasured are null when absent (a sample stored
 * by an older version, or by an engine that leaves nulls out), so that every status names them all.
 */
const fromStored = (s: Sample): Sample => ({
  ...s,
  network_latency: s.network_latency ?? null,
  api_response_time: s.api_response_time ?? null,
});

/** Index of the first sample at or after `t` in a sorted list. */
function lowerBound(list: Sample[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].at.getTime() < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Samples are stored ten minutes to a document (the bucket pattern: a week is 1,008 documents rather
 * than 60,480), and the last 7 days are also kept in memory, loaded at start, so that charts and
 * analyses do not re-read them: the local default engine filters after decoding every document (about
 * 2,000 stored samples a second here), which would make a week's chart take 30 s.
 *
 * Every replica serves charts, but one of them samples (the sampler's lease). The one that appends
 * has every sample in memory; the others read the buckets of the cache's last ten minutes and later
 * (the index on `start`) before they answer, so that their charts end where the stored samples end.
 */
@Injectable()
export class SamplesRepository extends CollectionRepository<Bucket> {
  /** Sorted by time; complete for every sample at or after `cachedFrom` once warm. */
  private cache: Sample[] = [];
  private cachedFrom: number | null = null;
  private warming: Promise<void> | null = null;
  /** When this process last appended a sample: within `ownSamplesMs`, its cache is the latest. */
  private lastAppendAt = 0;
  private readonly ownSamplesMs: number;
  private refreshing: Promise<void> | null = null;
  private lastRefreshAt = 0;

  constructor(@InjectConnection() connection: Connection, config: MonitoringConfigRef) {
    super(connection.collection<Bucket>('sample_buckets'), {
      indexes: [
        // The buckets of a range (charts, analyses, the cache's warm-up and catch-up).
        { start: 1 },
      ],
    });
    // A sampler appends every period; one period and a half without appending means another replica samples.
    this.ownSamplesMs = Math.round(config.value.sampleIntervalMs * 1.5);
  }

  override async onModuleInit() {
    await super.onModuleInit();
    this.warming = this.warm().catch(() => {
      // Reads fall back to the database until a later start warms the cache.
    });
  }

  /** Resolves once the last 7 days are in memory. */
  ready(): Promise<void> {
    return this.warming ?? Promise.resolve();
  }

  private async warm(): Promise<void> {
    const now = Date.now();
    const from = new Date(now - CACHE_MS);
    const loaded = await this.readStored(from, new Date(now));
    // Samples appended while loading are already in the cache: merge without duplicates.
    const seen = new Set(this.cache.map((s) => s.at.getTime()));
    this.cache = [...loaded.filter((s) => !seen.has(s.at.getTime())), ...this.cache].sort(byTime);
    this.cachedFrom = from.getTime();
  }

  private remember(samples: Sample[]): void {
    for (const s of samples) this.cache.splice(lowerBound(this.cache, s.at.getTime() + 1), 0, s);
    const floor = Date.now() - CACHE_MS;
    if (this.cache.length && this.cache[0].at.getTime() < floor)
      this.cache = this.cache.slice(lowerBound(this.cache, floor));
  }

  async append(sample: Sample): Promise<void> {
    await this.appendMany([sample]);
  }

  /** One upsert per ten minutes touched, sent together. */
  async appendMany(samples: Sample[]): Promise<void> {
    // Into memory first: the charts stay continuous while the database is away.
    this.remember(samples);
    this.lastAppendAt = Date.now();
    const byBucket = new Map<string, Sample[]>();
    for (const s of samples) byBucket.set(bucketKey(s.at), [...(byBucket.get(bucketKey(s.at)) ?? []), s]);
    const keys = [...byBucket.keys()];
    // One sampler at a time (its lease), so no two processes upsert one bucket at once: concurrent
    // upserts of a missing document are where engines differ (a duplicate key, or a lost $push).
    await this.updateMany(
      keys.map((key) => {
        const list = byBucket.get(key)!;
        return {
          id: key,
          update: { $setOnInsert: { start: bucketStart(list[0].at) }, $push: { samples: { $each: list } } },
          upsert: true,
        };
      }),
    );
  }

  /** Samples with from <= at <= to, oldest first. */
  async range(from: Date, to: Date): Promise<Sample[]> {
    if (this.cachedFrom !== null && from.getTime() >= this.cachedFrom) {
      await this.catchUp();
      return this.cache.slice(lowerBound(this.cache, from.getTime()), lowerBound(this.cache, to.getTime() + 1));
    }
    return this.readStored(from, to);
  }

  /** The latest sample (of the last 7 days; of the last hour until the cache is warm), or null. */
  async latest(): Promise<Sample | null> {
    if (this.cachedFrom === null) {
      const now = new Date();
      return (await this.readStored(new Date(now.getTime() - 3_600_000), now)).at(-1) ?? null;
    }
    await this.catchUp();
    return this.cache.at(-1) ?? null;
  }

  /** Unless this process is the one appending, reads what the one appending stored since. */
  private async catchUp(): Promise<void> {
    if (Date.now() - this.lastAppendAt > this.ownSamplesMs) await this.refresh(false);
  }

  /**
   * Adds to the cache the samples stored since its last one (by any replica): the buckets from the
   * last cached sample's on. One read at a time; without `force`, at most one a second.
   */
  async refresh(force = true): Promise<void> {
    if (this.cachedFrom === null) return;
    if (!this.refreshing && (force || Date.now() - this.lastRefreshAt >= 1000)) {
      this.refreshing = this.readTail()
        .catch(() => {
          // The database is away: the cache is what there is.
        })
        .finally(() => {
          this.lastRefreshAt = Date.now();
          this.refreshing = null;
        });
    }
    await this.refreshing;
  }

  private async readTail(): Promise<void> {
    const last = this.cache[this.cache.length - 1];
    const since = last ? bucketStart(last.at) : new Date(Math.max(this.cachedFrom!, Date.now() - CACHE_MS));
    const docs = await this.findMatching({ start: { $gte: since } });
    const known = new Set(this.cache.slice(lowerBound(this.cache, since.getTime())).map((s) => s.at.getTime()));
    this.remember(
      docs
        .flatMap((d) => d.samples)
        .filter((s) => s.at.getTime() >= since.getTime() && !known.has(s.at.getTime()))
        .map(fromStored)
        .sort(byTime),
    );
  }

  private async readStored(from: Date, to: Date): Promise<Sample[]> {
    const docs = await this.findMatching({ start: { $gte: bucketStart(from), $lte: to } });
    const lo = from.getTime();
    const hi = to.getTime();
    return docs
      .flatMap((d) => d.samples)
      .filter((s) => s.at.getTime() >= lo && s.at.getTime() <= hi)
      .map(fromStored)
      .sort(byTime);
  }

  /** Removes the stored ten-minute buckets wholly older than `cutoff`. */
  async removeBefore(cutoff: Date): Promise<number> {
    const removed = await this.deleteMatching({ start: { $lt: bucketStart(cutoff) } });
    this.cache = this.cache.slice(lowerBound(this.cache, bucketStart(cutoff).getTime()));
    return removed;
  }

  async storedBuckets(): Promise<number> {
    return this.countMatching({});
  }
}
