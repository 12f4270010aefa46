import { createHash, randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { storeOf } from './store-adapter';

/** How long a kept count is trusted at most (it heals a write whose process died before it said so). */
export const COUNTS_MAX_AGE_MS = 60_000;
/** Counts kept per collection at most between two writes (searches are many; each kept one is small). */
export const COUNTS_KEPT = 500;

interface Kept {
  stamp: string;
  value: unknown;
  until: Date;
}

interface CountsDoc {
  _id: string;
  /** Changes with every write to the collection. */
  stamp: string;
  counts: Record<string, Kept>;
}

/**
 * Exact counts of one collection's queries, kept between its writes and shared by every replica.
 * Counting tens of thousands of index entries takes tens of milliseconds on every request; most
 * requests (a list's total, a screen's figures) ask again what was counted a moment ago, with no
 * write since. One document per collection holds a stamp that each write replaces (`invalidate`,
 * called by the repository after its write) and the counts made under the current stamp:
 * - a count is served from the document only while its stamp is the collection's stamp;
 * - a count is stored only if the stamp did not change while counting (a conditional update), so a
 *   count that may have missed a write is never kept;
 * - a write whose process died before replacing the stamp leaves a count short of that write for at
 *   most `maxAgeMs`: kept counts expire.
 * Replacing the stamp also drops the counts, so the document holds only what was asked since the
 * last write.
 */
export class CollectionCounts {
  /** `db`: the database, once connected (read at each call). */
  constructor(
    private readonly db: () => Db,
    private readonly collection: string,
    private readonly maxAgeMs = COUNTS_MAX_AGE_MS,
  ) {}

  private get coll(): Collection<CountsDoc> {
    return this.db().collection<CountsDoc>('collection_counts');
  }

  /** The stamp's replacement in progress here, and the one that follows it (see `invalidate`). */
  private replacing: Promise<void> | null = null;
  private following: Promise<void> | null = null;

  /**
   * After a write to the collection: every kept count is void once this resolves. Writes made at
   * once share replacements of the stamp: one that started before a write may not cover it, so a
   * write waits for the one that starts next, which serves every write made meanwhile (at most two
   * at a time from a process, instead of one each queueing on the same document).
   */
  invalidate(): Promise<void> {
    if (!this.replacing) return this.replace();
    this.following ??= this.replacing
      .catch(() => undefined)
      .then(() => {
        this.following = null;
        return this.replace();
      });
    return this.following;
  }

  private replace(): Promise<void> {
    const replacing = storeOf(this.coll.dbName)
      .write('collection_counts', this.collection, () =>
        this.coll.updateOne({ _id: this.collection }, { $set: { stamp: randomUUID(), counts: {} } }, { upsert: true }),
      )
      .then(() => undefined)
      .finally(() => {
        if (this.replacing === replacing) this.replacing = null;
      });
    this.replacing = replacing;
    return replacing;
  }

  /** A filter as a key for `get` (regular expressions kept as their source). */
  static keyOf(name: string, filter: unknown): string {
    return `${name}:${JSON.stringify(filter, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))}`;
  }

  /** The value of `compute` for `key` (what it counts, as text), as kept since the last write or computed now. */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let doc = await this.coll.findOne({ _id: this.collection });
    if (!doc) {
      await this.invalidate();
      doc = await this.coll.findOne({ _id: this.collection });
      if (!doc) return compute();
    }
    const field = `k${createHash('sha1').update(key).digest('hex')}`;
    const kept = doc.counts?.[field];
    const now = Date.now();
    if (kept && kept.stamp === doc.stamp && new Date(kept.until).getTime() > now) return kept.value as T;

    const stamp = doc.stamp;
    const value = await compute();
    if (!kept && Object.keys(doc.counts ?? {}).length >= COUNTS_KEPT) return value;
    const entry: Kept = { stamp, value, until: new Date(now + this.maxAgeMs) };
    await storeOf(this.coll.dbName)
      .write('collection_counts', this.collection, () =>
        this.coll.updateOne({ _id: this.collection, stamp }, { $set: { [`counts.${field}`]: entry } }),
      )
      .catch(() => undefined);
    return value;
  }
}
