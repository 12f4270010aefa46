import { Injectable } from '@nestjs/common';
import type { Quote, QuoteStatus } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, type Change, type ChangeOptions, type ChangeResult } from '@sixa/mongo';
import Decimal from 'decimal.js';
import type { Collection, Connection, QueryFilter } from 'mongoose';
import { QuoteSchema, type QuoteDoc } from './quote.schema';

@Injectable()
export class QuotesRepository extends BaseRepository<QuoteDoc, Quote> {
  private readonly counters: Collection<{ _id: string; seq: number }>;

  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<QuoteDoc>('Quote', QuoteSchema), { outbox: relay, omit: ['sample'] });
    this.counters = connection.collection<{ _id: string; seq: number }>('counters');
  }

  /**
   * The next number of the year, Q-2026-0001 onwards: one counter document per year, incremented
   * with `$inc`. The counter is created first (a racing insert loses on the unique _id), since
   * concurrent upserts of a missing document can lose increments on some engines.
   */
  async nextNumber(year = new Date().getUTCFullYear()): Promise<string> {
    const _id = `quote-${year}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await this.store.write('counters', _id, () =>
        this.counters.findOneAndUpdate({ _id }, { $inc: { seq: 1 } }, { returnDocument: 'after' }),
      );
      if (res) return `Q-${year}-${String(res.seq).padStart(4, '0')}`;
      await this.counters.insertOne({ _id, seq: 0 }).catch((e: { code?: number }) => {
        if (e.code !== 11000) throw e;
      });
    }
    throw new Error(`counter ${_id} could not be created`);
  }

  /** True for exactly one caller ever, across replicas (a one-time step such as seeding the sample quotes). */
  async claimOnce(step: string): Promise<boolean> {
    try {
      await this.counters.insertOne({ _id: `once:${step}`, seq: 1 });
      return true;
    } catch (e) {
      if ((e as { code?: number }).code === 11000) return false;
      throw e;
    }
  }

  async list(): Promise<Quote[]> {
    return (await this.model.find({}).sort({ created_at: -1, _id: -1 }).lean()).map((d) => this.map(d));
  }

  /** Changes a quote only while it is in one of `from` (a state transition); `missing` if it was not. */
  transition(
    id: string,
    from: QuoteStatus[],
    compute: (current: QuoteDoc) => Change<QuoteDoc, Quote> | null,
    opts?: ChangeOptions,
  ): Promise<ChangeResult<Quote>> {
    return this.change({ _id: id, status: { $in: from } }, compute, opts);
  }

  /**
   * The customer's decision: only while the quote is sent or viewed and its time has not passed (the
   * expiry sweep may not have marked it yet).
   */
  decide(
    id: string,
    now: Date,
    compute: (current: QuoteDoc) => Change<QuoteDoc, Quote> | null,
  ): Promise<ChangeResult<Quote>> {
    return this.change(
      { _id: id, status: { $in: ['sent', 'viewed'] }, $or: [{ expires_at: null }, { expires_at: { $gt: now } }] },
      compute,
    );
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

  /** Count and total value, rounded to cents (the amounts are stored to the cent). */
  async totals(): Promise<{ count: number; value: number }> {
    const [all] = await this.store.summarise(this.model.collection, {}, { sum: ['total_amount'] });
    if (!all) return { count: 0, value: 0 };
    return { count: all.count, value: new Decimal(all.sums.total_amount).toDecimalPlaces(2).toNumber() };
  }
}
