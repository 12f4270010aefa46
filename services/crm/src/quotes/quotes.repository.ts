import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventEnvelope, Quote, QuoteStatus } from '@sixa/contracts';
import { OutboxRelay, toOutboxEntry } from '@sixa/kafka';
import { documentLocks, InjectConnection, isObjectId, objectId, toApi } from '@sixa/mongo';
import Decimal from 'decimal.js';
import type { Connection, QueryFilter, Model } from 'mongoose';
import { QuoteSchema, type QuoteDoc } from './quote.schema';

@Injectable()
export class QuotesRepository implements OnModuleInit {
  private readonly model: Model<QuoteDoc>;
  private readonly counters;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly relay: OutboxRelay,
  ) {
    this.model = connection.model<QuoteDoc>('Quote', QuoteSchema);
    this.counters = connection.collection<{ _id: string; seq: number }>('counters');
  }

  async onModuleInit() {
    await this.model.init();
    this.relay.register(this.model.collection);
  }

  private map(doc: unknown): Quote {
    return toApi<Quote>(doc as Record<string, unknown>, ['sample'])!;
  }

  /**
   * The next number of the year, Q-2026-0001 onwards. One counter document per year, incremented
   * atomically (under the document lock: FerretDB v1 increments by read-modify-write).
   */
  async nextNumber(year = new Date().getUTCFullYear()): Promise<string> {
    const key = `quote-${year}`;
    const res = await documentLocks.run('counters', key, () =>
      this.counters.findOneAndUpdate({ _id: key }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' }),
    );
    return `Q-${year}-${String(res!.seq).padStart(4, '0')}`;
  }

  async list(): Promise<Quote[]> {
    return (await this.model.find({}).sort({ created_at: -1, _id: -1 }).lean()).map((d) => this.map(d));
  }

  async findById(id: string): Promise<Quote | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findById(id).lean();
    return doc ? this.map(doc) : null;
  }

  async create(data: Partial<QuoteDoc>, events: (q: Quote) => EventEnvelope[]): Promise<Quote> {
    const now = new Date();
    const doc = new this.model({ ...data, created_at: now, updated_at: now });
    const quote = this.map(doc.toObject());
    doc.outbox = events(quote).map(toOutboxEntry);
    await doc.save();
    void this.relay.kick(this.model.collection, doc._id);
    return quote;
  }

  /** Changes a quote only while it is in one of `from` (a state transition); null if it was not. */
  async transition(
    id: string,
    from: QuoteStatus[],
    set: Partial<QuoteDoc>,
    events: (q: Quote) => EventEnvelope[],
  ): Promise<Quote | null> {
    if (!isObjectId(id)) return null;
    return documentLocks.run(this.model.collection.collectionName, id, async () => {
      const current = await this.model.findOne({ _id: id, status: { $in: from } }).lean();
      if (!current) return null;
      const after = this.map({ ...current, ...set });
      const doc = await this.model
        .findOneAndUpdate(
          { _id: id, status: { $in: from } },
          { $set: set, $push: { outbox: { $each: events(after).map(toOutboxEntry) } } },
          { returnDocument: 'after' },
        )
        .lean();
      void this.relay.kick(this.model.collection, objectId(id));
      return doc ? this.map(doc) : null;
    });
  }

  async dueForExpiry(now: Date, limit = 100): Promise<string[]> {
    const docs = await this.model
      .find({ status: { $in: ['sent', 'viewed'] }, expires_at: { $lte: now } }, { _id: 1 })
      .limit(limit)
      .lean();
    return docs.map((d) => String(d._id));
  }

  async count(filter: QueryFilter<QuoteDoc> = {}): Promise<number> {
    return this.model.countDocuments(filter);
  }

  /**
   * Count and exact total value. Summed here with decimals rather than by a $group: FerretDB v1
   * answers $sum over a field with 0.
   */
  async totals(): Promise<{ count: number; value: number }> {
    const docs = await this.model.find({}, { total_amount: 1, _id: 0 }).lean();
    const value = docs.reduce((s, d) => s.plus(d.total_amount ?? 0), new Decimal(0));
    return { count: docs.length, value: value.toDecimalPlaces(2).toNumber() };
  }
}
