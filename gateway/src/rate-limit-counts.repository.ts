import { CollectionRepository } from '@sixa/mongo';
import type { Connection } from 'mongoose';

interface CountDoc {
  /** `<resource>|<caller>|<window name>|<window start, epoch seconds>` */
  _id: string;
  count: number;
  /** When the window ends; the document goes a minute later (TTL, or the adapter's sweep). */
  window_end: Date;
}

/** The requests counted per caller, resource and window, in the gateway's store (shared by every replica). */
export class RateLimitCountsRepository extends CollectionRepository<CountDoc> {
  constructor(connection: Connection) {
    super(connection.collection<CountDoc>('rate_limit_counts'));
  }

  /** Old windows go: a TTL index on MongoDB, a periodic sweep where the engine has none. */
  async init(): Promise<void> {
    await this.expireAfter('window_end', 60);
  }

  /**
   * Adds `by` to the count under `id` (made at the window's first request) with one atomic upsert;
   * the count after it.
   */
  async add(id: string, by: 1 | -1, windowEnd: Date): Promise<number> {
    const doc = await this.upsertById(id, { $inc: { count: by }, $setOnInsert: { window_end: windowEnd } });
    return doc?.count ?? by;
  }
}
