import { Injectable } from '@nestjs/common';
import type { Alert, AlertSeverity, AlertStatus, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isObjectId, type ChangeResult } from '@sixa/mongo';
import { Types, type Connection, type QueryFilter } from 'mongoose';
import { isDuplicateKey } from '../monitoring.errors';
import { AlertSchema, closedKey, OPEN_STATUSES, openKey, type AlertDoc } from './alert.schema';

export type NewAlert = Pick<AlertDoc, 'severity' | 'title' | 'description' | 'ai_analysis' | 'rule' | 'target'>;

type TransitionFields = Partial<
  Pick<AlertDoc, 'status' | 'acknowledged_at' | 'acknowledged_by' | 'resolved_at' | 'resolved_by'>
>;

/** Indexes of the version before open_key, replaced by those of AlertSchema. */
const OBSOLETE_INDEXES = ['created_at_-1', 'rule_1_target_1_status_1'];

/**
 * Alerts with their events in the same document (the outbox), published by the relay. Every write
 * is one single-document operation that decides by itself, whichever replica makes it: an insert
 * that the unique `open_key` may refuse, or a transition conditional on the status read.
 */
@Injectable()
export class AlertsRepository extends BaseRepository<AlertDoc, Alert> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<AlertDoc>('Alert', AlertSchema), {
      outbox: relay,
      omit: ['rev', 'open_key', 'applied_events'],
    });
  }

  override async onModuleInit() {
    await this.backfillOpenKeys();
    await this.model.createIndexes();
    for (const name of OBSOLETE_INDEXES) await this.model.collection.dropIndex(name).catch(() => undefined);
    await super.onModuleInit();
  }

  /**
   * Alerts stored before `open_key` existed get one (once; later starts find none). Newest first,
   * so that of several open alerts of one pair (possible then) the newest is the one kept open for
   * the rules; the others keep their status and can still be resolved by hand.
   */
  private async backfillOpenKeys(): Promise<void> {
    const missing = await this.model
      .find({ open_key: { $exists: false } }, { rule: 1, target: 1, status: 1 })
      .sort({ created_at: -1 })
      .lean();
    const taken = new Set<string>();
    for (const d of missing) {
      const key = openKey(d.rule, d.target);
      const open = OPEN_STATUSES.includes(d.status) && d.rule !== 'simulation' && !taken.has(key);
      taken.add(key);
      const set = async (k: string) => {
        await this.model.updateOne({ _id: d._id, open_key: { $exists: false } }, { $set: { open_key: k } });
      };
      try {
        await set(open ? key : closedKey(d.rule, d.target, d._id));
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        await set(closedKey(d.rule, d.target, d._id));
      }
    }
  }

  /**
   * Opens the alert of a rule for a target unless one is open: the unique `open_key` decides, so two
   * replicas (or two evaluations) cannot both open one. Returns the new alert, or null when one is open.
   */
  async openOnce(data: NewAlert, events: (a: Alert) => EventEnvelope[]): Promise<Alert | null> {
    // A rule keeps firing for as long as its alert is open: one indexed read spares a refused insert.
    if (await this.findOpen(data.rule, data.target)) return null;
    try {
      return await this.insert(this.newDoc(data, openKey(data.rule, data.target)), events);
    } catch (e) {
      if (isDuplicateKey(e)) return null;
      throw e;
    }
  }

  /** An alert of its own, whatever else is open (simulations). */
  async raise(data: NewAlert, events: (a: Alert) => EventEnvelope[]): Promise<Alert> {
    const _id = new Types.ObjectId();
    return this.insert({ _id, ...this.newDoc(data, closedKey(data.rule, data.target, _id)) }, events);
  }

  private newDoc(data: NewAlert, key: string): Partial<AlertDoc> {
    return {
      ...data,
      status: 'active',
      open_key: key,
      acknowledged_at: null,
      acknowledged_by: null,
      resolved_at: null,
      resolved_by: null,
    };
  }

  /**
   * Moves an alert from one of `from` by one conditional update: `missing` when it is unknown or
   * not in one of `from` (any more). Resolving frees its rule and target for the next alert.
   */
  transition(
    id: string,
    from: AlertStatus[],
    set: TransitionFields,
    events: (a: Alert) => EventEnvelope[],
  ): Promise<ChangeResult<Alert>> {
    if (!isObjectId(id)) return Promise.resolve({ status: 'missing' });
    return this.move({ _id: new Types.ObjectId(id), status: { $in: from } }, set, events);
  }

  /** Resolves the open alert of a rule and target, if there is one (`missing` otherwise). */
  resolveOpen(
    rule: string,
    target: string,
    set: TransitionFields,
    events: (a: Alert) => EventEnvelope[],
  ): Promise<ChangeResult<Alert>> {
    return this.move({ open_key: openKey(rule, target), status: { $in: OPEN_STATUSES } }, set, events);
  }

  private move(
    filter: QueryFilter<AlertDoc>,
    set: TransitionFields,
    events: (a: Alert) => EventEnvelope[],
  ): Promise<ChangeResult<Alert>> {
    return this.change(filter, (current) => ({
      set: set.status === 'resolved' ? { ...set, open_key: closedKey(current.rule, current.target, current._id) } : set,
      events,
    }));
  }

  async findOpen(rule: string, target: string): Promise<Alert | null> {
    const doc = await this.model.findOne({ open_key: openKey(rule, target), status: { $in: OPEN_STATUSES } }).lean();
    return doc ? this.map(doc) : null;
  }

  /** Whether an alert of the rule for the target was ever raised (open or not). */
  async raisedBefore(rule: string, target: string): Promise<boolean> {
    return (await this.model.countDocuments({ rule, target })) > 0;
  }

  async list(limit: number, status?: AlertStatus | 'open'): Promise<Alert[]> {
    const filter: QueryFilter<AlertDoc> =
      status === 'open' ? { status: { $in: OPEN_STATUSES } } : status ? { status } : {};
    const docs = await this.model.find(filter, { outbox: 0 }).sort({ created_at: -1, _id: -1 }).limit(limit).lean();
    return docs.map((d) => this.map(d));
  }

  countSince(since: Date): Promise<number> {
    return this.model.countDocuments({ created_at: { $gte: since } });
  }

  /** The open (active or acknowledged) alerts' severities and titles. */
  async openAlerts(): Promise<Array<{ severity: AlertSeverity; title: string }>> {
    const docs = await this.model.find({ status: { $in: OPEN_STATUSES } }, { severity: 1, title: 1 }).lean();
    return docs.map((d) => ({ severity: d.severity, title: d.title }));
  }
}
