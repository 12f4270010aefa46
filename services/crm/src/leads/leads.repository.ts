import { ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { leadLabel, type EventEnvelope, type Lead } from '@sixa/contracts';
import { OutboxRelay, toOutboxEntry } from '@sixa/kafka';
import { documentLocks, escapeRegex, InjectConnection, isObjectId, toApi } from '@sixa/mongo';
import type { Connection, QueryFilter, Model } from 'mongoose';
import { LeadSchema, type LeadDoc } from './lead.schema';
import type { ListLeadsQuery } from './leads.query';

const SCORE_RANGES = { Hot: { $gte: 80 }, Warm: { $gte: 60, $lt: 80 }, Cold: { $lt: 60 } } as const;
const INTERNAL = ['computed_score', 'quotes_sent', 'quotes_accepted', 'import_batch'];

export type LeadWithHistory = Lead & Pick<LeadDoc, 'quotes_sent' | 'quotes_accepted' | 'computed_score'>;

@Injectable()
export class LeadsRepository implements OnModuleInit {
  readonly model: Model<LeadDoc>;

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

  map(doc: unknown): Lead {
    const lead = toApi<Lead>(doc as Record<string, unknown>, INTERNAL)!;
    return { ...lead, label: leadLabel(lead.score) };
  }

  private withHistory(doc: unknown): LeadWithHistory {
    const d = doc as LeadDoc;
    return { ...this.map(doc), quotes_sent: d.quotes_sent, quotes_accepted: d.quotes_accepted, computed_score: d.computed_score };
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
    const doc = await this.model.findOne({ email: email.toLowerCase() }).lean();
    return doc ? this.withHistory(doc) : null;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
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
    void this.relay.kick();
    return lead;
  }

  /** Several leads at once, tagged with a batch id so that a failed import can be undone. */
  async insertBatch(docs: Array<Partial<LeadDoc>>, batch: string): Promise<void> {
    try {
      await this.model.insertMany(docs.map((d) => ({ ...d, import_batch: batch })), { ordered: true });
      void this.relay.kick();
    } catch (e) {
      await this.model.deleteMany({ import_batch: batch });
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
      if (events.length) void this.relay.kick();
      return doc ? this.map(doc) : null;
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
