import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Alert, AlertSeverity, AlertStatus, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay, toOutboxEntry, type OutboxEntry } from '@sixa/kafka';
import { documentLocks, InjectConnection, isObjectId, toApi } from '@sixa/mongo';
import type { Collection, Filter } from 'mongodb';
import { Types, type Connection } from 'mongoose';

const ObjectId = Types.ObjectId;
type ObjectId = Types.ObjectId;

interface AlertDoc {
  _id: ObjectId;
  severity: AlertSeverity;
  status: AlertStatus;
  title: string;
  description: string;
  ai_analysis?: string;
  rule: string;
  target: string;
  created_at: Date;
  updated_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  outbox: OutboxEntry[];
}

export type NewAlert = Pick<AlertDoc, 'severity' | 'title' | 'description' | 'ai_analysis' | 'rule' | 'target'>;

const OPEN: AlertStatus[] = ['active', 'acknowledged'];

/** Alerts with their events in the same document (the outbox), published by the relay. */
@Injectable()
export class AlertsRepository implements OnModuleInit {
  private readonly alerts: Collection<AlertDoc>;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly relay: OutboxRelay,
  ) {
    this.alerts = connection.collection<AlertDoc>('alerts');
  }

  async onModuleInit() {
    await this.alerts.createIndex({ created_at: -1 });
    await this.alerts.createIndex({ rule: 1, target: 1, status: 1 });
    this.relay.register(this.alerts);
  }

  private map(doc: AlertDoc): Alert {
    return toApi<Alert>(doc as unknown as Record<string, unknown>)!;
  }

  /**
   * Opens an alert for (rule, target) unless one is open already: one open alert per rule and target.
   * The check and the insert run under one lock per (rule, target), so concurrent evaluations cannot
   * both insert. Returns the new alert, or null when one was open.
   */
  async openOnce(data: NewAlert, events: (a: Alert) => EventEnvelope[]): Promise<Alert | null> {
    return documentLocks.run('alerts-open', `${data.rule}\u0000${data.target}`, async () => {
      if (
        await this.alerts.findOne(
          { rule: data.rule, target: data.target, status: { $in: OPEN } },
          { projection: { _id: 1 } },
        )
      )
        return null;
      return this.insert(data, events);
    });
  }

  async insert(data: NewAlert, events: (a: Alert) => EventEnvelope[]): Promise<Alert> {
    const now = new Date();
    const doc: AlertDoc = {
      _id: new ObjectId(),
      ...data,
      status: 'active',
      created_at: now,
      updated_at: now,
      acknowledged_at: null,
      acknowledged_by: null,
      resolved_at: null,
      resolved_by: null,
      outbox: [],
    };
    const alert = this.map(doc);
    doc.outbox = events(alert).map(toOutboxEntry);
    await this.alerts.insertOne(doc);
    void this.relay.kick(this.alerts, doc._id);
    return alert;
  }

  /** Moves an alert from one of `from` to `to`; null when it is not in one of `from` (or unknown). */
  async transition(
    id: string,
    from: AlertStatus[],
    set: Partial<Pick<AlertDoc, 'status' | 'acknowledged_at' | 'acknowledged_by' | 'resolved_at' | 'resolved_by'>>,
    events: (a: Alert) => EventEnvelope[],
  ): Promise<Alert | null> {
    if (!isObjectId(id)) return null;
    const _id = new ObjectId(id);
    return documentLocks.run(this.alerts.collectionName, id, async () => {
      const current = await this.alerts.findOne({ _id, status: { $in: from } });
      if (!current) return null;
      const changes = { ...set, updated_at: new Date() };
      const after = this.map({ ...current, ...changes });
      const doc = await this.alerts.findOneAndUpdate(
        { _id, status: { $in: from } },
        { $set: changes, $push: { outbox: { $each: events(after).map(toOutboxEntry) } } },
        { returnDocument: 'after' },
      );
      void this.relay.kick(this.alerts, _id);
      return doc ? this.map(doc) : null;
    });
  }

  async findById(id: string): Promise<Alert | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.alerts.findOne({ _id: new ObjectId(id) });
    return doc ? this.map(doc) : null;
  }

  async findOpen(rule: string, target: string): Promise<Alert | null> {
    const doc = await this.alerts.findOne({ rule, target, status: { $in: OPEN } });
    return doc ? this.map(doc) : null;
  }

  async list(limit: number, status?: AlertStatus | 'open'): Promise<Alert[]> {
    const filter: Filter<AlertDoc> = status === 'open' ? { status: { $in: OPEN } } : status ? { status } : {};
    const docs = await this.alerts
      .find(filter, { projection: { outbox: 0 } })
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .toArray();
    return docs.map((d) => this.map(d));
  }

  async countSince(since: Date): Promise<number> {
    return this.alerts.countDocuments({ created_at: { $gte: since } });
  }

  /** The open (active or acknowledged) alerts' severities and titles. */
  async openAlerts(): Promise<Array<{ severity: AlertSeverity; title: string }>> {
    const docs = await this.alerts.find({ status: { $in: OPEN } }, { projection: { severity: 1, title: 1 } }).toArray();
    return docs.map((d) => ({ severity: d.severity, title: d.title }));
  }
}
