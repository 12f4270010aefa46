import type { OnModuleInit } from '@nestjs/common';
import type { EventEnvelope } from '@sixa/contracts';
import type { Document, Filter } from 'mongodb';
import type { Model, QueryFilter, UpdateQuery } from 'mongoose';
import { Types } from 'mongoose';
import type { Change, ChangeOptions, ChangeResult } from './change-result';
import { CollectionCounts } from './counts';
import { duplicateKeyErrorOf, isDuplicateKey } from './duplicate-key';
import { isObjectId, toApi } from './mapping';
import { toOutboxEntry, type OutboxEntry, type OutboxSink, type WrittenDoc } from './outbox';
import { decodeCursor, encodeCursor, type SortSpec } from './paging';
import { storeOf, type StoreAdapter, type Summary } from './store-adapter';

/** The bookkeeping fields every stored aggregate may carry. */
export interface StoredDoc {
  _id: Types.ObjectId;
  /** Revision, incremented by every change made through `change` (optimistic concurrency). */
  rev?: number;
  outbox?: OutboxEntry[];
  /** Ids of the last events applied to this document by consumers (bounded): redeliveries are recognised. */
  applied_events?: string[];
  created_at?: Date;
  updated_at?: Date;
}

/** How many applied event ids a document remembers; redeliveries come within a few hundred. */
export const APPLIED_EVENTS_KEPT = 200;

export interface Page<Api> {
  items: Api[];
  total: number;
  /** Pass as `after` for the next page (keyset paging); null on the last page. */
  next_cursor: string | null;
}

export interface PageQuery {
  limit?: number;
  offset?: number;
  /** A `next_cursor` from the previous page: reads on from there without skipping (deep pages). */
  after?: string;
}

/** What an aggregate's repository states once: its outbox, what the API never shows, what "live" means. */
export interface RepositorySetup<Doc> {
  /** The relay that publishes the events written in each document's `outbox` (null: none). */
  outbox: OutboxSink | null;
  /** Stored fields the API's objects leave out. */
  omit?: readonly string[];
  /** Where deletes are soft, what a live document matches besides its id (`{ deleted_at: null }`). */
  live?: QueryFilter<Doc>;
}

/**
 * The shared half of every repository (Novu's BaseRepository): mapping to the API's plain objects,
 * insert with outbox, find by id, a change as one conditional single-document update, paged lists.
 * Repositories add their own queries. Writes go through the store adapter, which knows the engine.
 */
export abstract class BaseRepository<Doc extends StoredDoc, Api extends { id: string }> implements OnModuleInit {
  protected readonly outbox: OutboxSink | null;
  private readonly omit: readonly string[];

  /**
   * What a live document matches besides its id: where deletes are soft, the repository states it
   * (`{ deleted_at: null }`), and `findLive`, `findLiveDoc` and `changeById` pass over deleted ones.
   */
  protected readonly live: QueryFilter<Doc>;

  /** @param model the aggregate's model (`connection.model<Doc>(name, schema)`). */
  constructor(
    protected readonly model: Model<Doc>,
    setup: RepositorySetup<Doc>,
  ) {
    this.outbox = setup.outbox;
    this.omit = setup.omit ?? [];
    this.live = setup.live ?? {};
  }

  /**
   * Exact counts kept between writes (see CollectionCounts), for a collection whose lists and figures
   * count many documents: set by the repository; every write here then voids them.
   */
  protected counts: CollectionCounts | null = null;

  /** Keeps this collection's counts between writes (call in the constructor). */
  protected keepCounts(): void {
    this.counts = new CollectionCounts(() => this.model.db.db!, this.collectionName);
  }

  /**
   * The engine's adapter. Repositories write through the methods here (`change`, `updateById`,
   * `summarise`...), which apply the engine's limits; this stays reachable only for those not yet moved.
   */
  protected get store(): StoreAdapter {
    return storeOf(this.model.db.name);
  }

  protected get collectionName(): string {
    return this.model.collection.collectionName;
  }

  /** Creates the indexes and registers the collection with the outbox relay. */
  async init(): Promise<void> {
    await this.model.init();
    this.outbox?.register(this.model.collection);
  }

  /** A repository Nest makes is ready (indexes, outbox) before the app serves; one that does more overrides this and calls it first. */
  async onModuleInit(): Promise<void> {
    await this.init();
  }

  map(doc: unknown): Api {
    return toApi<Api>(doc as Record<string, unknown>, this.omit)!;
  }

  async findById(id: string): Promise<Api | null> {
    const doc = await this.findDocById(id);
    return doc ? this.map(doc) : null;
  }

  protected async findDocById(id: string): Promise<Doc | null> {
    if (!isObjectId(id)) return null;
    return (await this.model.findById(id).lean()) as Doc | null;
  }

  /** A live document by id, as the API shows it (null: no such id, or deleted). */
  async findLive(id: string): Promise<Api | null> {
    const doc = await this.findLiveDoc(id);
    return doc ? this.map(doc) : null;
  }

  /** A live document by id, as stored (with its bookkeeping). */
  async findLiveDoc(id: string): Promise<Doc | null> {
    if (!isObjectId(id)) return null;
    return (await this.model.findOne({ ...this.live, _id: id }).lean()) as Doc | null;
  }

  /** Changes one live document by id that matches `where` as well (a status, a version): see `change`. */
  changeById(
    id: string,
    compute: (current: Doc) => Change<Doc, Api> | null,
    opts?: ChangeOptions<Doc>,
    where: QueryFilter<Doc> = {},
  ): Promise<ChangeResult<Api, Doc>> {
    if (!isObjectId(id)) return Promise.resolve({ status: 'missing' });
    return this.change({ ...where, ...this.live, _id: id }, compute, opts);
  }

  /** A new document and its events in one insert. `events` gets the id-bearing API object. */
  async insert(data: Partial<Doc>, events: (created: Api) => EventEnvelope[] = () => []): Promise<Api> {
    const now = new Date();
    const doc = new this.model({ ...data, rev: 0, created_at: now, updated_at: now });
    const created = this.map(doc.toObject());
    doc.set('outbox', events(created).map(toOutboxEntry));
    try {
      await doc.save();
    } catch (e) {
      throw await this.duplicateOf(e, doc.toObject<Record<string, unknown>>());
    }
    // Its events go out while kept counts are voided (the relay does not wait for that).
    this.handOver(doc.toObject() as WrittenDoc);
    await this.written();
    return created;
  }

  /**
   * The document made under `key` (a workflow step's idempotency key, in `idempotency_key`), made now
   * if there is none: never two, given a unique index on the field (which every engine we run on
   * enforces, FerretDB v1 included). Inserted first, since a key is almost always new (one round trip);
   * when the index refuses it, the one made before (a step redone, or a race's winner) is read.
   */
  async insertOnce(key: string, data: Partial<Doc>, events: (created: Api) => EventEnvelope[]): Promise<Api> {
    try {
      return await this.insert({ ...data, idempotency_key: key }, events);
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
      const existing = await this.model.findOne({ idempotency_key: key } as QueryFilter<Doc>).lean();
      if (!existing) throw e;
      return this.map(existing);
    }
  }

  /** The documents made under these idempotency keys (deleted ones too), by key. */
  async byIdempotencyKeys(keys: string[]): Promise<Map<string, Doc>> {
    if (!keys.length) return new Map();
    const docs = (await this.model.find({ idempotency_key: { $in: keys } } as QueryFilter<Doc>).lean()) as Doc[];
    return new Map(docs.map((d) => [(d as { idempotency_key?: string }).idempotency_key!, d]));
  }

  /** Several new documents at once (each with its own events already in `outbox`). */
  async insertMany(docs: Array<Partial<Doc>>): Promise<void> {
    await this.model.insertMany(
      docs.map((d) => ({ rev: 0, ...d })),
      { ordered: true },
    );
    await this.written();
    this.kick(...docs.map((d) => d._id));
  }

  /**
   * Reads the document matching `filter` (an id, plus any state it must be in), computes the change
   * from it, and writes it with one conditional update on the revision read: it applies only if no
   * one changed the document meanwhile, else it is read and computed again (up to `attempts`).
   * The change, the revision, its events (outbox) and, for a consumer, the event id are written
   * together, so an event is applied once and a change never parts from its events.
   */
  async change(
    filter: QueryFilter<Doc>,
    compute: (current: Doc) => Change<Doc, Api> | null,
    opts: ChangeOptions<Doc> = {},
  ): Promise<ChangeResult<Api, Doc>> {
    const attempts = opts.attempts ?? 25;
    // A document supplied is an extra first attempt: any outcome but a write is decided on a read.
    for (let attempt = opts.current ? -1 : 0; attempt < attempts; attempt++) {
      const supplied = attempt < 0;
      const current = supplied ? opts.current! : ((await this.model.findOne(filter).lean()) as Doc | null);
      if (!current) return { status: 'missing' };
      if (opts.eventId && current.applied_events?.includes(opts.eventId)) {
        if (supplied) continue;
        return { status: 'unchanged', value: this.map(current) };
      }
      const rev = current.rev ?? 0;
      if (opts.expectedRev !== undefined && opts.expectedRev !== rev) {
        if (supplied) continue;
        return { status: 'stale', value: this.map(current), rev };
      }
      const c = compute(current);
      if (!c) {
        if (supplied) continue;
        return { status: 'unchanged', value: this.map(current) };
      }

      const now = new Date();
      const after = { ...current, ...c.set, rev: rev + 1, updated_at: now } as unknown as Record<string, unknown>;
      for (const [k, v] of Object.entries(c.inc ?? {})) after[k] = (Number(after[k]) || 0) + (v as number);
      const entries = (c.events?.(this.map(after)) ?? []).map(toOutboxEntry);
      const update: Record<string, unknown> = {
        $set: { ...c.set, updated_at: now },
        $inc: { ...c.inc, rev: 1 },
      };
      const push: Record<string, unknown> = {};
      if (entries.length) push.outbox = { $each: entries };
      if (opts.eventId) push.applied_events = { $each: [opts.eventId], $slice: -APPLIED_EVENTS_KEPT };
      if (Object.keys(push).length) update.$push = push;

      const guard = {
        $and: [filter, { _id: current._id }, current.rev === undefined ? { rev: { $exists: false } } : { rev }],
      } as QueryFilter<Doc>;
      const written = await this.store.write(this.collectionName, current._id, async () => {
        try {
          return await this.writeGuarded(guard, update, opts.eventId);
        } catch (e) {
          throw await this.duplicateOf(e, after, Object.keys(c.set ?? {}));
        }
      });
      if (written) {
        if (entries.length) this.handOver(written);
        await this.written();
        return { status: 'changed', value: this.map(written), doc: written };
      }
      // Someone else wrote in between: read again, after a short random pause when it keeps happening.
      if (attempt > 1) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
    return { status: 'contended' };
  }

  /** The conditional update of a change (see `change`), answering the document as it left it, or null. */
  private async writeGuarded(
    guard: QueryFilter<Doc>,
    update: Record<string, unknown>,
    eventId: string | undefined,
  ): Promise<Doc | null> {
    const doc = (await this.model
      .findOneAndUpdate(guard, update as UpdateQuery<Doc>, {
        returnDocument: 'after',
        runValidators: true,
        timestamps: false,
      })
      .lean()) as Doc | null;
    if (doc && eventId)
      await this.store.trimArray(
        this.model.collection,
        doc._id,
        'applied_events',
        doc.applied_events,
        APPLIED_EVENTS_KEPT,
      );
    return doc;
  }

  /** A write's error, in MongoDB's shape when a unique index refused it (see duplicateKeyErrorOf). */
  protected duplicateOf(e: unknown, written: Record<string, unknown>, changed?: string[]): Promise<unknown> {
    return duplicateKeyErrorOf(e, this.model, written, changed);
  }

  /**
   * An atomic update of one document by id (no read, no revision): a counter, or bookkeeping no edit
   * is about; on the conditions in `where`. The document after it, or null when none matched.
   */
  protected async updateById(
    id: Types.ObjectId | string,
    update: UpdateQuery<Doc>,
    opts: { where?: QueryFilter<Doc>; runValidators?: boolean } = {},
  ): Promise<Doc | null> {
    const filter = { ...opts.where, _id: id } as QueryFilter<Doc>;
    const doc = (await this.store.write(this.collectionName, String(id), () =>
      this.model
        .findOneAndUpdate(filter, update, {
          returnDocument: 'after',
          timestamps: false,
          ...(opts.runValidators ? { runValidators: true } : {}),
        })
        .lean(),
    )) as Doc | null;
    if (doc) await this.written();
    return doc;
  }

  /**
   * Counts and sums of numeric fields over the documents matching `filter`, grouped by the field `by`
   * (one group, key null, without it): `$group` where the engine has it, else summed here.
   */
  protected summarise(filter: QueryFilter<Doc>, opts: { by?: string; sum?: string[] } = {}): Promise<Summary[]> {
    return this.store.summarise(this.model.collection, filter as Filter<Document>, opts);
  }

  /** After a write: kept counts are void (a failure here leaves them until they expire). */
  protected async written(): Promise<void> {
    await this.counts?.invalidate().catch(() => undefined);
  }

  /** The number of documents matching `filter`, kept between writes when the repository keeps counts. */
  protected countMatching(filter: QueryFilter<Doc>): Promise<number> {
    const count = () => this.model.countDocuments(filter);
    return this.counts ? this.counts.get(CollectionCounts.keyOf('count', filter), count) : count();
  }

  /**
   * A page of documents in `sort` order (ties broken by `_id` in the same direction), with the total
   * matching `filter`. `after` reads on from a previous page's cursor using the sort index (no skip);
   * `offset` skips (fine for the first pages). No `limit`: every match.
   */
  async page(filter: QueryFilter<Doc>, sort: SortSpec, q: PageQuery = {}): Promise<Page<Api>> {
    const dir = sort.direction;
    let query: QueryFilter<Doc> = filter;
    if (q.after) {
      const cursor = decodeCursor(q.after);
      const op = dir === -1 ? '$lt' : '$gt';
      const id = new Types.ObjectId(cursor.id);
      // A range on the sort field (which the sort index serves directly) plus the tie-break on _id.
      const inclusive = dir === -1 ? '$lte' : '$gte';
      query = {
        $and: [
          filter,
          { [sort.field]: { [inclusive]: cursor.value } },
          { $or: [{ [sort.field]: { [op]: cursor.value } }, { _id: { [op]: id } }] },
        ],
      } as QueryFilter<Doc>;
    }
    let find = this.model.find(query).sort({ [sort.field]: dir, _id: dir });
    if (q.offset && !q.after) find = find.skip(q.offset);
    if (q.limit) find = find.limit(q.limit);
    const [docs, total] = await Promise.all([find.lean(), this.countMatching(filter)]);
    const last = docs[docs.length - 1] as unknown as Record<string, unknown> | undefined;
    const full = q.limit !== undefined && docs.length === q.limit;
    return {
      items: docs.map((d) => this.map(d)),
      total,
      next_cursor: full && last ? encodeCursor(last[sort.field], String(last._id)) : null,
    };
  }

  protected kick(...ids: unknown[]): void {
    if (this.outbox && ids.length) void this.outbox.kick(this.model.collection, ...ids);
  }

  /** A write answered with the document as it left it: its events go out without another read. */
  protected handOver(doc: WrittenDoc): void {
    if (this.outbox && doc.outbox?.length) void this.outbox.written(this.model.collection, doc);
  }
}
