import { Injectable } from '@nestjs/common';
import { leadLabel, type Lead } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  type Change,
  type ChangeOptions,
  type ChangeResult,
  InjectConnection,
  type Page,
  parseSort,
  textMatch,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { LeadSchema, type LeadDoc } from './lead.schema';
import type { ListLeadsQuery } from './leads.query';

const SCORE_RANGES = { Hot: { $gte: 80 }, Warm: { $gte: 60, $lt: 80 }, Cold: { $lt: 60 } } as const;
const INTERNAL = [
  'computed_score',
  'quotes_sent',
  'quotes_accepted',
  'import_batch',
  'applied_events',
  'external_ref',
  'imported',
];

/** A stored lead without its outbox and the events it has applied: what the import reads. */
export type StoredLead = Omit<LeadDoc, 'outbox' | 'applied_events'>;

export type LeadWithHistory = Lead & Pick<LeadDoc, 'quotes_sent' | 'quotes_accepted' | 'computed_score'>;

/** Leads, read with indexed queries and written with conditional single-document updates. */
@Injectable()
export class LeadsRepository extends BaseRepository<LeadDoc, Lead> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<LeadDoc>('Lead', LeadSchema), { outbox: relay, omit: INTERNAL });
  }

  override map(doc: unknown): Lead {
    const lead = super.map(doc);
    return { ...lead, label: leadLabel(lead.score) };
  }

  /** The lead with the history fields the scoring reads. */
  withHistory(doc: LeadDoc): LeadWithHistory {
    return {
      ...this.map(doc),
      quotes_sent: doc.quotes_sent,
      quotes_accepted: doc.quotes_accepted,
      computed_score: doc.computed_score,
    };
  }

  private filter(q: ListLeadsQuery): QueryFilter<LeadDoc> {
    const f: QueryFilter<LeadDoc> = {};
    const text = textMatch(q.q, ['name', 'email', 'company']);
    if (text) f.$or = text.$or;
    if (q.label) f.score = SCORE_RANGES[q.label];
    if (q.status) f.status = q.status;
    if (q.source) f.source = q.source;
    return f;
  }

  list(q: ListLeadsQuery): Promise<Page<Lead>> {
    return this.page(this.filter(q), parseSort(q.sort ?? '-created_at'), q);
  }

  async stats(): Promise<{ total: number; hot: number; converted: number; avgScore: number }> {
    const [all] = await this.store.summarise(this.model.collection, {}, { sum: ['score'] });
    const [hot, converted] = await Promise.all([
      this.model.countDocuments({ score: { $gte: 80 } }),
      this.model.countDocuments({ status: 'converted' }),
    ]);
    const total = all?.count ?? 0;
    return { total, hot, converted, avgScore: total ? all.sums.score / total : 0 };
  }

  async findWithHistory(id: string): Promise<LeadWithHistory | null> {
    const doc = await this.findDocById(id);
    return doc ? this.withHistory(doc) : null;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const f: QueryFilter<LeadDoc> = { email: email.toLowerCase() };
    if (exceptId) f._id = { $ne: exceptId };
    return (await this.model.countDocuments(f, { limit: 1 })) > 0;
  }

  /** Which of these e-mails already belong to a lead (one indexed query). */
  async takenEmails(emails: string[]): Promise<Set<string>> {
    const docs = await this.model
      .find({ email: { $in: emails.map((e) => e.toLowerCase()) } }, { email: 1, _id: 0 })
      .lean();
    return new Set(docs.map((d) => d.email));
  }

  /** Changes the lead with this e-mail, if there is one. */
  changeByEmail(
    email: string,
    compute: (current: LeadDoc) => Change<LeadDoc, Lead> | null,
    opts?: ChangeOptions,
  ): Promise<ChangeResult<Lead>> {
    return this.change({ email: email.toLowerCase() }, compute, opts);
  }

  /** The leads brought in from integrations under these external refs (`<platform>:<id>`), by ref. */
  async byExternalRefs(refs: string[]): Promise<Map<string, StoredLead>> {
    if (!refs.length) return new Map();
    const docs = await this.model.find({ external_ref: { $in: refs } }, { outbox: 0, applied_events: 0 }).lean();
    return new Map(docs.map((d) => [d.external_ref!, d]));
  }

  /** The leads with these e-mails, by e-mail. */
  async byEmails(emails: string[]): Promise<Map<string, StoredLead>> {
    if (!emails.length) return new Map();
    const docs = await this.model.find({ email: { $in: emails } }, { outbox: 0, applied_events: 0 }).lean();
    return new Map(docs.map((d) => [d.email, d]));
  }

  /** New leads without events of their own (an integration's page: its events go out with the page). */
  async insertPlain(docs: Array<Partial<LeadDoc>>): Promise<void> {
    await this.insertMany(docs);
  }

  /** Marks a lead as the one an integration's record is (a lead made by hand, found by its e-mail). */
  async link(id: string, externalRef: string): Promise<void> {
    await this.updateById(id, { $set: { external_ref: externalRef } });
  }

  /** Several leads at once, tagged with a batch id so that a failed import can be undone whole. */
  async insertBatch(docs: Array<Partial<LeadDoc>>, batch: string): Promise<void> {
    try {
      await this.insertMany(docs.map((d) => ({ ...d, import_batch: batch })));
    } catch (e) {
      await this.model.deleteMany({ import_batch: batch });
      throw e;
    }
  }

  async all(): Promise<Lead[]> {
    return (await this.model.find({}).sort({ created_at: -1, _id: -1 }).lean()).map((d) => this.map(d));
  }

  /** A new document id, for rows built before they are inserted (imports). */
  newId() {
    return new this.model()._id;
  }
}
