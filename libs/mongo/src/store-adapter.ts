import type { Collection, Db, Document, Filter } from 'mongodb';
import { WriteSerialiser } from './write-serialiser';

/** The MongoDB-wire engine behind a connection, as its `buildInfo` reports it. */
export interface StoreEngine {
  /** `mongodb` (or a compatible engine reporting no other name), `ferretdb`. */
  name: 'mongodb' | 'ferretdb';
  version: string;
  /**
   * Whether single-document updates are atomic against concurrent writers. FerretDB v1 applies every
   * update as read, change in Go, write back, with nothing stopping a second writer in between
   * (1,000 concurrent `$inc` on one document ended at 393 in a measurement).
   */
  atomicUpdates: boolean;
  /** Whether `$group` has `$avg` and sums fields (FerretDB v1 has no `$avg` and answers `$sum: '$field'` with 0). */
  groupAccumulators: boolean;
  /** Whether `$push` honours `$slice` (FerretDB v1 ignores it and keeps every element). */
  pushSlice: boolean;
  /** Whether TTL indexes (`expireAfterSeconds`) exist (FerretDB v1 refuses the option). */
  ttlIndexes: boolean;
}

export function engineFromBuildInfo(info: Document): StoreEngine {
  // FerretDB v1 reports `ferretdbVersion` (our embedded build says "unknown"); v2 reports `ferretdb.version`.
  const v1 = info.ferretdbVersion as string | undefined;
  if (v1 !== undefined && !/^v?[2-9]/.test(v1)) {
    return {
      name: 'ferretdb',
      version: v1,
      atomicUpdates: false,
      groupAccumulators: false,
      pushSlice: false,
      ttlIndexes: false,
    };
  }
  const v2 = v1 ?? (info.ferretdb as { version?: string } | undefined)?.version;
  return {
    name: v2 ? 'ferretdb' : 'mongodb',
    version: v2 ?? String(info.version ?? 'unknown'),
    atomicUpdates: true,
    groupAccumulators: true,
    pushSlice: true,
    ttlIndexes: true,
  };
}

export async function detectEngine(db: Db): Promise<StoreEngine> {
  return engineFromBuildInfo(await db.admin().command({ buildInfo: 1 }));
}

/** One group of `summarise`: its key (null without `by`), its document count and the sums of the fields asked for. */
export interface Summary {
  key: unknown;
  count: number;
  sums: Record<string, number>;
}

/**
 * Every limit of the local engine lives here, and nowhere else: services write and read through
 * their repositories as if the engine were MongoDB, and this adapter makes that true on FerretDB v1.
 * - Writes to one document: on an engine without atomic updates they are serialised inside this
 *   process (one replica per service is then the limit: the local default is for development and
 *   demos); on MongoDB they run as they come.
 * - Grouped sums and counts: `$group` where the engine has it, else summed here.
 */
export class StoreAdapter {
  private readonly serialiser: WriteSerialiser | null;

  constructor(readonly engine: StoreEngine) {
    this.serialiser = engine.atomicUpdates ? null : new WriteSerialiser();
  }

  /** A write to one existing document (an update, a find-and-modify, a delete). */
  write<T>(collection: string, id: unknown, fn: () => Promise<T>): Promise<T> {
    return this.serialiser ? this.serialiser.run(collection, id, fn) : fn();
  }

  /** Writes to several documents that must not interleave with other writes to them. */
  writeAll<T>(collection: string, ids: unknown[], fn: () => Promise<T>): Promise<T> {
    return this.serialiser ? this.serialiser.runAll(collection, ids, fn) : fn();
  }

  /**
   * Documents of `collection` go `seconds` after their date `field`: a TTL index, or where the engine
   * has none, a removal of the expired ones every few minutes by this process.
   */
  async expireAfter(collection: Collection<any>, field: string, seconds: number): Promise<void> {
    if (this.engine.ttlIndexes) {
      await collection.createIndex({ [field]: 1 }, { expireAfterSeconds: seconds });
      return;
    }
    await collection.createIndex({ [field]: 1 });
    const sweep = () =>
      collection.deleteMany({ [field]: { $lt: new Date(Date.now() - seconds * 1000) } }).catch(() => undefined);
    void sweep();
    setInterval(sweep, 5 * 60_000).unref();
  }

  /**
   * Keeps the last `keep` elements of an array field after a `$push` with `$slice` on an engine that
   * ignores `$slice`; call it inside the same `write` as the push. A no-op elsewhere.
   */
  async trimArray(
    collection: Collection<any>,
    id: unknown,
    field: string,
    current: unknown[] | undefined,
    keep: number,
  ): Promise<void> {
    if (this.engine.pushSlice || !current || current.length <= keep) return;
    await collection.updateOne({ _id: id }, { $set: { [field]: current.slice(-keep) } });
  }

  /**
   * Counts and sums of numeric fields over the documents matching `match`, grouped by the field `by`
   * (one group, key null, without it). Sums of money are doubles: round them to cents.
   */
  async summarise<T extends Document>(
    collection: Collection<T>,
    match: Filter<T>,
    opts: { by?: string; sum?: string[] } = {},
  ): Promise<Summary[]> {
    const fields = opts.sum ?? [];
    if (this.engine.groupAccumulators) {
      const group: Document = { _id: opts.by ? `$${opts.by}` : null, count: { $sum: 1 } };
      for (const f of fields) group[`s_${f}`] = { $sum: `$${f}` };
      const rows = await collection.aggregate([{ $match: match }, { $group: group }]).toArray();
      return rows.map((r) => ({
        key: r._id,
        count: r.count as number,
        sums: Object.fromEntries(fields.map((f) => [f, Number(r[`s_${f}`] ?? 0)])),
      }));
    }
    const projection: Document = { _id: 0 };
    for (const f of [...fields, ...(opts.by ? [opts.by] : [])]) projection[f] = 1;
    const groups = new Map<string, Summary>();
    for await (const doc of collection.find(match, { projection })) {
      const key = opts.by ? (doc[opts.by] ?? null) : null;
      const id = JSON.stringify(key);
      const g = groups.get(id) ?? { key, count: 0, sums: Object.fromEntries(fields.map((f) => [f, 0])) };
      g.count++;
      for (const f of fields) if (typeof doc[f] === 'number') g.sums[f] += doc[f] as number;
      groups.set(id, g);
    }
    return [...groups.values()];
  }
}

/** Adapters by database name, set when the connection opens (see connectMongo). */
const adapters = new Map<string, StoreAdapter>();

export function registerStore(dbName: string, adapter: StoreAdapter): void {
  adapters.set(dbName, adapter);
}

/**
 * The adapter of a database this process connected to. Before (or without) a connection through
 * connectMongo, writes are treated as on an engine without atomic updates: safe everywhere.
 */
export function storeOf(dbName: string): StoreAdapter {
  let adapter = adapters.get(dbName);
  if (!adapter) {
    adapter = new StoreAdapter({
      name: 'ferretdb',
      version: 'unknown',
      atomicUpdates: false,
      groupAccumulators: false,
      pushSlice: false,
      ttlIndexes: false,
    });
    adapters.set(dbName, adapter);
  }
  return adapter;
}

/**
 * The adapter of the database a collection belongs to, for a driver collection (`dbName`) or
 * mongoose's wrapper (which has none: its connection's `name`).
 */
export function storeOfCollection(collection: { dbName?: string; conn?: { name?: string } }): StoreAdapter {
  const name = collection.dbName ?? collection.conn?.name;
  if (!name) throw new Error('storeOfCollection: the collection names no database');
  return storeOf(name);
}
