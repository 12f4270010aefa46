import { ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { leadLabel, type EventEnvelope, type Lead } from '@sixa/contracts';
import { OutboxRelay, toOutboxEntry } from '@sixa/kafka';
import { documentLocks, escapeRegex, InjectConnection, isObjectId, objectId, toApi } from '@sixa/mongo';
import type { Connection, QueryFilter, Model } from 'mongoose';
import { createLogger } from '@sixa/observability';
import { LeadSchema, type LeadDoc } from './lead.schema';
import { LeadsIndex } from './leads-index';
import type { ListLeadsQuery } from './leads.query';

const logger = createLogger('crm:leads-index');

const SCORE_RANGES = { Hot: { $gte: 80 }, Warm: { $gte: 60, $lt: 80 }, Cold: { $lt: 60 } } as const;
const INTERNAL = ['computed_score', 'quotes_sent', 'quotes_accepted', 'import_batch'];

export type LeadWithHistory = Lead & Pick<LeadDoc, 'quotes_sent' | 'quotes_accepted' | 'computed_score'>;

@Injectable()
export class LeadsRepository implements OnModuleInit {
  readonly model: Model<LeadDoc>;
  /** Serves lists, stats and e-mail lookups once loaded; until then they are read from the database. */
  readonly index = new LeadsIndex();
  private indexReady = false;
  /** Leads written while the index loads: the load must not put an older copy over them. */
  private touchedWhileLoading: Set<string> | null = null;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly relay: OutboxRelay,
  ) {
    this.model = connection.model<LeadDoc>('Lead', LeadSchema);
  }

  async onModuleInit() {
    await this.model.init();
    this.relay.register(this.model.collection);
  }

  /** Loads the index in the background (one scan); the service answers from the database meanwhile. */
  loadIndex(): Promise<void> {
    this.touchedWhileLoading = new Set();
    const started = Date.now();
    this.loading = (async () => {
      for await (const doc of this.model.find({}).lean().cursor()) {
        const lead = this.map(doc);
        if (!this.touchedWhileLoading!.has(lead.id)) this.index.put(lead);
      }
      this.touchedWhileLoading = null;
      this.indexReady = true;
      logger.info({ leads: this.index.size, ms: Date.now() - started }, 'leads index loaded');
    })().catch((e) => {
      this.touchedWhileLoading = null;
      logger.error({ err: e }, 'leads index not loaded; lists are read from the database');
    });
    return this.loading;
  }

  private loading: Promise<void> | null = null;

  /**
   * Whether the index can answer; while it loads, waits for it a while (a sorted page from FerretDB
   * takes as long as the whole load: 30 s at 100,000 leads).
   */
  private async indexAnswers(): Promise<boolean> {
    if (!this.indexReady && this.loading) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.loading, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer);
    }
    return this.indexReady;
  }

  get indexLoaded(): boolean {
    return this.indexReady;
  }

  /** Ids of the events this process wrote: the index feed skips them (the write updated the index). */
  private readonly ownEvents = new Set<string>();

  isOwnEvent(id: string): boolean {
    return this.ownEvents.delete(id);
  }

  private remember(lead: Lead, events: Array<{ id: string }> = []): void {
    this.touchedWhileLoading?.add(lead.id);
    this.index.put(lead);
    for (const e of events) this.ownEvents.add(e.id);
    // Bounded: an event this process never sees again (Kafka away) must not stay forever.
    while (this.ownEvents.size > 10_000) this.ownEvents.delete(this.ownEvents.values().next().value!);
  }

  /** Re-reads one lead into the index (a change made by another replica, seen in its event). */
  async refreshIndex(id: string): Promise<void> {
    if (!isObjectId(id)) return;
    const doc = await this.model.findById(id).lean();
    this.touchedWhileLoading?.add(id);
    if (doc) this.index.put(this.map(doc));
    else this.index.remove(id);
  }

  map(doc: unknown): Lead {
    const lead = toApi<Lead>(doc as Record<string, unknown>, INTERNAL)!;
    return { ...lead, label: leadLabel(lead.score) };
  }

  private withHistory(doc: unknown): LeadWithHistory {
    const d = doc as LeadDoc;
    return {
      ...this.map(doc),
      quotes_sent: d.quotes_sent,
      quotes_accepted: d.quotes_accepted,
      computed_score: d.computed_score,
    };
  }

  private filter(q: ListLeadsQuery): QueryFilter<LeadDoc> {
    const f: QueryFilter<LeadDoc> = {};
    if (q.q?.trim()) {
      const re = { $regex: escapeRegex(q.q.trim()), $options: 'i' };
      f.$or = [{ name: re }, { email: re }, { company: re }];
    }
    if (q.label) f.score = SCORE_RANGES[q.label];
    if (q.status) f.status = q.status;
    if (q.source) f.source = q.source;
    return f;
  }

  async list(q: ListLeadsQuery): Promise<{ items: Lead[]; total: number }> {
    if (await this.indexAnswers()) return this.index.query(q);
    return this.listFromDatabase(q);
  }

  /** The same list straight from the database (while the index loads, and to check the index against). */
  async listFromDatabase(q: ListLeadsQuery): Promise<{ items: Lead[]; total: number }> {
    const filter = this.filter(q);
    const sort = q.sort ?? '-created_at';
    const field = sort.replace(/^-/, '');
    let cursor = this.model.find(filter).sort({ [field]: sort.startsWith('-') ? -1 : 1, _id: -1 });
    if (q.offset) cursor = cursor.skip(q.offset);
    if (q.limit) cursor = cursor.limit(q.limit);
    const [docs, total] = await Promise.all([cursor.lean(), this.model.countDocuments(filter)]);
    return { items: docs.map((d) => this.map(d)), total };
  }

  async stats() {
    if (await this.indexAnswers()) return this.index.stats();
    const [total, hot, converted, avg] = await Promise.all([
      this.model.countDocuments({}),
      this.model.countDocuments({ score: { $gte: 80 } }),
      this.model.countDocuments({ status: 'converted' }),
      // Summed here: FerretDB v1 has no $avg and answers $sum over a field with 0.
      this.model.find({}, { score: 1, _id: 0 }).lean(),
    ]);
    const sum = avg.reduce((s, d) => s + (d.score ?? 0), 0);
    return { total, hot, converted, avgScore: avg.length ? sum / avg.length : 0 };
  }

  async findById(id: string): Promise<LeadWithHistory | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findById(id).lean();
    return doc ? this.withHistory(doc) : null;
  }

  async findByEmail(email: string): Promise<LeadWithHistory | null> {
    if (this.indexReady) {
      const id = this.index.idByEmail(email);
      return id ? this.findById(id) : null;
    }
    const doc = await this.model.findOne({ email: email.toLowerCase() }).lean();
    return doc ? this.withHistory(doc) : null;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    if (this.indexReady) {
      const id = this.index.idByEmail(email);
      return id !== null && id !== exceptId;
    }
    const f: QueryFilter<LeadDoc> = { email: email.toLowerCase() };
    if (exceptId) f._id = { $ne: exceptId };
    return (await this.model.countDocuments(f, { limit: 1 })) > 0;
  }

  /** A new lead and its event in one insert. `build` gets the id-bearing lead to put in the event. */
  async create(data: Partial<LeadDoc>, events: (lead: Lead) => EventEnvelope[]): Promise<Lead> {
    const now = new Date();
    const doc = new this.model({ ...data, created_at: now, updated_at: now });
    const lead = this.map(doc.toObject());
    doc.outbox = events(lead).map(toOutboxEntry);
    try {
      await doc.save();
    } catch (e) {
      throw duplicate(e, String(data.email));
    }
    this.remember(lead, doc.outbox);
    void this.relay.kick(this.model.collection, doc._id);
    return lead;
  }

  /** Several leads at once, tagged with a batch id so that a failed import can be undone. */
  async insertBatch(docs: Array<Partial<LeadDoc>>, batch: string): Promise<void> {
    try {
      await this.model.insertMany(
        docs.map((d) => ({ ...d, import_batch: batch })),
        { ordered: true },
      );
      for (const d of docs) this.remember(this.map(d));
      void this.relay.kick(this.model.collection, ...docs.map((d) => d._id));
    } catch (e) {
      await this.model.deleteMany({ import_batch: batch });
      // Whatever the index took in (from a load running meanwhile, or before the failure) goes too.
      for (const d of docs) {
        this.touchedWhileLoading?.add(String(d._id));
        this.index.remove(String(d._id));
      }
      throw duplicate(e, 'one of the rows');
    }
  }

  async update(id: string, set: Partial<LeadDoc>, events: EventEnvelope[]): Promise<Lead | null> {
    if (!isObjectId(id)) return null;
    try {
      const doc = await documentLocks.run(this.model.collection.collectionName, id, () =>
        this.model
          .findOneAndUpdate(
            { _id: id },
            { $set: set, ...(events.length ? { $push: { outbox: { $each: events.map(toOutboxEntry) } } } : {}) },
            { returnDocument: 'after', runValidators: true },
          )
          .lean(),
      );
      if (events.length) void this.relay.kick(this.model.collection, objectId(id));
      if (!doc) return null;
      const lead = this.map(doc);
      this.remember(lead, events);
      return lead;
    } catch (e) {
      throw duplicate(e, String(set.email));
    }
  }

  async all(): Promise<Lead[]> {
    return (await this.model.find({}).sort({ created_at: -1 }).lean()).map((d) => this.map(d));
  }
}

function duplicate(e: unknown, email: string): unknown {
  if ((e as { code?: number }).code === 11000) {
    return new ConflictException({ detail: `A lead with the email ${email.toLowerCase()} already exists` });
  }
  return e;
}
