import type { OnModuleInit } from '@nestjs/common';
import type {
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexSpecification,
  CreateIndexesOptions,
  OptionalUnlessRequiredId,
  Sort,
  UpdateFilter,
} from 'mongodb';
import { isDuplicateKey } from './duplicate-key';
import type { OutboxSink, WrittenDoc } from './outbox';
import { atRevision, type RevisionUpdate } from './revision-update';
import { storeOfCollection, type StoreAdapter, type Summary } from './store-adapter';

/** The id of a keyed document: a name the caller gives (`current`, `account:ann@x.io`, `<doc>:<nonce>:sent`). */
type IdOf<Doc extends { _id: unknown }> = Doc['_id'];

/** A write of one document in `updateMany`: the document's id and its update. */
export interface KeyedUpdate<Doc extends { _id: unknown }> {
  id: IdOf<Doc>;
  update: UpdateFilter<Doc>;
  upsert?: boolean;
  /** Conditions the document must also meet; one that does not stays as it is. */
  where?: Filter<Doc>;
}

/** An index's keys, in order, each ascending (1) or descending (-1). */
export type IndexKeys = Readonly<Record<string, 1 | -1>>;

export interface IndexWithOptions {
  keys: IndexKeys;
  options: CreateIndexesOptions;
}

/** What a collection needs before the app serves (see CollectionRepository.onModuleInit). */
export interface CollectionSetup<Doc> {
  /** Its indexes: the keys (`{ status: 1, created_at: -1 }`), or the keys with options (`{ keys, options }`). */
  indexes?: readonly (IndexKeys | IndexWithOptions)[];
  /**
   * Documents go `seconds` after their date `field`: a TTL index, or where the engine has none, a
   * periodic removal of the expired ones.
   */
  expireAfter?: { field: string & keyof Doc; seconds: number };
  /** The relay, for documents written with events in `outbox` (see `insertOnce`). */
  outbox?: OutboxSink;
}

function hasOptions(index: IndexKeys | IndexWithOptions): index is IndexWithOptions {
  return typeof index.keys === 'object';
}

/**
 * The base of repositories over collections that are not aggregates (no schema, no revision, no
 * events): documents under a key the caller gives (a counter per window, a setting kept at its newest
 * revision, a file stored once) and append-only logs. Its writes are the store's: an update of an
 * existing document goes through the store adapter (serialised where the engine has no atomic
 * updates), expiry is a TTL index or the adapter's sweep; repositories built on it add their queries
 * and never reach the adapter themselves.
 */
export abstract class CollectionRepository<Doc extends Document & { _id: unknown }> implements OnModuleInit {
  /**
   * @param collection the collection (`connection.collection<Doc>(name)`).
   * @param setup what it needs before the app serves: its indexes, an expiry, the outbox relay.
   */
  constructor(
    private readonly collection: Collection<Doc>,
    private readonly setup: CollectionSetup<Doc> = {},
  ) {}

  /**
   * Ready before the app serves: the indexes made, the expiry set, the collection registered with the
   * outbox relay. A repository Nest does not make calls it itself; one that does more overrides it
   * and calls it first.
   */
  async onModuleInit(): Promise<void> {
    for (const index of this.setup.indexes ?? []) {
      if (hasOptions(index)) await this.collection.createIndex({ ...index.keys }, index.options);
      else await this.collection.createIndex({ ...index });
    }
    const expiry = this.setup.expireAfter;
    if (expiry) await this.store.expireAfter(this.collection, expiry.field, expiry.seconds);
    this.setup.outbox?.register(this.collection);
  }

  private get store(): StoreAdapter {
    return storeOfCollection(this.collection as { dbName?: string; conn?: { name?: string } });
  }

  protected get collectionName(): string {
    return this.collection.collectionName;
  }

  protected async createIndex(spec: IndexSpecification, options?: CreateIndexesOptions): Promise<void> {
    await this.collection.createIndex(spec, options);
  }

  /**
   * Documents go `seconds` after their date `field`: a TTL index, or where the engine has none, a
   * periodic removal of the expired ones.
   */
  protected expireAfter(field: string & keyof Doc, seconds: number): Promise<void> {
    return this.store.expireAfter(this.collection, field, seconds);
  }

  protected async findOne(filter: Filter<Doc>, options?: FindOptions): Promise<Doc | null> {
    return (await this.collection.findOne(filter, options)) as Doc | null;
  }

  protected findById(id: IdOf<Doc>): Promise<Doc | null> {
    return this.findOne({ _id: id } as Filter<Doc>);
  }

  /** The documents matching `filter`, in `sort` order, at most `limit` (none: all), with only the fields in `projection` if given. */
  protected async findMatching(
    filter: Filter<Doc>,
    opts: { sort?: Sort; limit?: number; projection?: Document } = {},
  ): Promise<Doc[]> {
    let cursor = this.collection.find(filter, opts.projection ? { projection: opts.projection } : {});
    if (opts.sort) cursor = cursor.sort(opts.sort);
    if (opts.limit) cursor = cursor.limit(opts.limit);
    return (await cursor.toArray()) as Doc[];
  }

  protected countMatching(filter: Filter<Doc> = {}, limit?: number): Promise<number> {
    return this.collection.countDocuments(filter, limit ? { limit } : {});
  }

  /** Whether a document has this id. */
  protected async exists(id: IdOf<Doc>): Promise<boolean> {
    return (await this.countMatching({ _id: id } as Filter<Doc>, 1)) > 0;
  }

  /** Adds a new document (a log entry: no key to collide on). */
  protected async insertNew(doc: OptionalUnlessRequiredId<Doc>): Promise<void> {
    await this.collection.insertOne(doc);
  }

  /** Adds new documents at once (log entries), in order. */
  protected async insertAll(docs: OptionalUnlessRequiredId<Doc>[]): Promise<void> {
    if (docs.length) await this.collection.insertMany(docs, { ordered: true });
  }

  /**
   * Adds a document under its key unless one is there: false when the unique `_id` (or another
   * unique index) refused it, and nothing was written. Its events (`outbox`) go out after it.
   */
  protected async insertOnce(doc: OptionalUnlessRequiredId<Doc>): Promise<boolean> {
    try {
      await this.collection.insertOne(doc);
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
    if (this.setup.outbox && (doc as WrittenDoc).outbox?.length)
      void this.setup.outbox.written(this.collection, doc as WrittenDoc);
    return true;
  }

  /** One update of the document `id` (on the conditions in `where`); whether it matched one. */
  protected async updateById(id: IdOf<Doc>, update: UpdateFilter<Doc>, where: Filter<Doc> = {}): Promise<boolean> {
    const res = await this.store.write(this.collectionName, id, () =>
      this.collection.updateOne({ ...where, _id: id } as Filter<Doc>, update),
    );
    return res.matchedCount > 0;
  }

  /** One update of the document `id` (on the conditions in `where`), answered with the document after it, or null. */
  protected findAndUpdateById(id: IdOf<Doc>, update: UpdateFilter<Doc>, where: Filter<Doc> = {}): Promise<Doc | null> {
    return this.store.write(
      this.collectionName,
      id,
      async () =>
        (await this.collection.findOneAndUpdate({ ...where, _id: id } as Filter<Doc>, update, {
          returnDocument: 'after',
        })) as Doc | null,
    );
  }

  /**
   * Sets `set` on the document `id` and moves its revision (`rev`) on, in one conditional update on the
   * revision the editor read (`expectedRev`, if any; a document from before revisions counts as 0):
   * an edit made on an older revision writes nothing and is answered `stale` with the stored revision.
   */
  protected async updateAtRevision(
    id: IdOf<Doc>,
    set: Partial<Doc>,
    expectedRev?: number,
  ): Promise<RevisionUpdate<Doc>> {
    const update: Document = { $set: set, $inc: { rev: 1 } };
    const after = await this.findAndUpdateById(id, update as UpdateFilter<Doc>, atRevision(expectedRev) as Filter<Doc>);
    if (after) return { status: 'changed', doc: after };
    const now = (await this.findById(id)) as (Doc & { rev?: number }) | null;
    return now ? { status: 'stale', rev: now.rev ?? 0 } : { status: 'missing' };
  }

  /**
   * One update of the document `id`, made first if there is none (`$setOnInsert` for its other
   * fields), answered with the document after it. Two first writes at once: the one whose insert lost
   * to the other's is applied to it. With `where`, the update applies only on those conditions: a
   * document there that does not meet them stays as it is (null).
   */
  protected async upsertById(id: IdOf<Doc>, update: UpdateFilter<Doc>, where?: Filter<Doc>): Promise<Doc | null> {
    const upsert = () =>
      this.store.write(
        this.collectionName,
        id,
        async () =>
          (await this.collection.findOneAndUpdate({ ...where, _id: id } as Filter<Doc>, update, {
            upsert: true,
            returnDocument: 'after',
          })) as Doc | null,
      );
    try {
      return await upsert();
    } catch (e) {
      // The insert an unmet condition makes collides with the document there.
      if (!isDuplicateKey(e)) throw e;
      return where ? null : upsert();
    }
  }

  /**
   * Updates (or makes, with `upsert`) several documents in one round trip, in order; no other write of
   * this process to them interleaves.
   */
  protected async updateMany(updates: KeyedUpdate<Doc>[]): Promise<void> {
    if (!updates.length) return;
    await this.store.writeAll(
      this.collectionName,
      updates.map((u) => u.id),
      () =>
        this.collection.bulkWrite(
          updates.map((u) => ({
            updateOne: {
              filter: { ...u.where, _id: u.id } as Filter<Doc>,
              update: u.update,
              upsert: u.upsert ?? false,
            },
          })),
          { ordered: true },
        ),
    );
  }

  /** Removes the document `id` (on the conditions in `where`); whether there was one. */
  protected async deleteById(id: IdOf<Doc>, where: Filter<Doc> = {}): Promise<boolean> {
    const res = await this.store.write(this.collectionName, id, () =>
      this.collection.deleteOne({ ...where, _id: id } as Filter<Doc>),
    );
    return res.deletedCount > 0;
  }

  /**
   * Updates every document matching `filter` at once, without the store's serialising: for sweeps of
   * documents no request is writing at that moment (claims a stopped replica left behind).
   */
  protected async updateMatching(filter: Filter<Doc>, update: UpdateFilter<Doc>): Promise<number> {
    return (await this.collection.updateMany(filter, update)).modifiedCount;
  }

  /**
   * Counts and sums of numeric fields over the documents matching `filter`, grouped by the field `by`
   * (one group, key null, without it): `$group` where the engine has it, else summed here.
   */
  protected summarise(filter: Filter<Doc>, opts: { by?: string; sum?: string[] } = {}): Promise<Summary[]> {
    return this.store.summarise(this.collection, filter, opts);
  }

  /** The distinct values of `field` among the documents matching `filter`. */
  protected distinctValues<T>(field: string & keyof Doc, filter: Filter<Doc> = {}): Promise<T[]> {
    return this.collection.distinct(field, filter) as Promise<T[]>;
  }

  /** Removes the documents matching `filter` (ones no one writes to any more: expired, swept); how many. */
  protected async deleteMatching(filter: Filter<Doc>): Promise<number> {
    return (await this.collection.deleteMany(filter)).deletedCount;
  }

  /**
   * Keeps `fields` under `id` at revision `rev` if it is newer than the stored one (a conditional
   * update on the revision read, tried again when another replica wrote in between): events arriving
   * late or twice change nothing, and every replica ends with the newest. True if these fields were kept.
   */
  protected async keepNewestRevision(id: IdOf<Doc>, rev: number, fields: Partial<Doc>): Promise<boolean> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const stored = (await this.findById(id)) as { rev?: number } | null;
      if (stored && (stored.rev ?? 0) >= rev) return false;
      if (!stored) {
        const first: Document = { ...fields, _id: id, rev };
        if (await this.insertOnce(first as OptionalUnlessRequiredId<Doc>)) return true;
        continue;
      }
      const set = { ...fields, rev } as Partial<Doc>;
      if (await this.updateById(id, { $set: set } as UpdateFilter<Doc>, { rev: stored.rev } as Filter<Doc>))
        return true;
    }
    return false;
  }
}
