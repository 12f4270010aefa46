import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AlertSeverity, AlertStatus, LeadLabel, TaskStatus } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Collection, Document, Filter, UpdateFilter } from 'mongodb';
import type { Connection } from 'mongoose';

/**
 * The dashboard's read model: one document per thing the figures are about (a quote, a workflow, a
 * run, an action, a member, a sighting, a lead, a task, an alert), written from the events with
 * idempotent single-document upserts keyed by the thing's own id. Every figure is counted from these
 * documents when asked, never kept as a running total, so an event applied twice (a redelivery, a
 * restart before the offset was committed) changes nothing, and a replay into an empty store gives
 * the same figures.
 *
 * Snapshots that carry a revision (leads, tasks, workflows) or a time (alerts, sightings) replace
 * the stored one only when newer: `{_id, rev < new}` with an upsert, whose duplicate-key error means
 * the stored one is newer already.
 */
export interface QuoteFact {
  _id: string;
  quote_number: string;
  customer_name: string;
  status: string;
  /** Exact cents (integer): sums of integers are exact, sums of money as doubles are not. */
  total_cents: number;
  accepted_at: Date | null;
  expires_at: Date | null;
  /** When the event that wrote this state was published (a replayed older one is skipped). */
  at: Date;
}

export interface WorkflowFact {
  _id: string;
  name: string;
  enabled: boolean;
  deleted: boolean;
  rev: number;
}

export interface RunFact {
  _id: string;
  workflow_id: string;
  workflow_name: string;
  status: 'running' | 'succeeded' | 'failed';
  started_at: Date;
  ended_at: Date | null;
  error: string | null;
}

export interface ActionFact {
  /** The assistant's action id, or `<runId>:<step>` for a workflow step. */
  _id: string;
  source: 'assistant' | 'workflow';
  ok: boolean;
  at: Date;
  /** The tool or the step's action. */
  action: string;
  summary: string;
  link: string | null;
  error: string | null;
}

export interface MemberFact {
  _id: string;
  email: string;
  name: string;
  deleted: boolean;
}

export interface SightingFact {
  /** The user's e-mail, lowercased. */
  _id: string;
  last_seen_at: Date;
}

export interface LeadFact {
  _id: string;
  name: string;
  email: string;
  company: string;
  label: LeadLabel;
  status: string;
  score: number;
  rev: number;
  /**
   * When the stored score and status were published: `lead.scored` and `lead.status_changed` carry
   * no revision, so an old one replayed must not overwrite what a later event wrote.
   */
  score_at: Date;
  status_at: Date;
}

export interface TaskFact {
  _id: string;
  title: string;
  description: string;
  tags: string[];
  status: TaskStatus;
  assigned_to: string;
  overdue_at: Date | null;
  due_date: Date | null;
  deleted: boolean;
  rev: number;
}

export interface AlertFact {
  _id: string;
  title: string;
  severity: AlertSeverity;
  status: AlertStatus;
  updated_at: Date;
}

/** How often a process writes `as_of` at most. */
const AS_OF_EVERY_MS = 200;

interface StreamFact {
  _id: 'stream';
  /** The newest event time applied. */
  as_of: Date;
}

/** Any of the facts, as the generic writes below see it: an id and fields named by a variable. */
interface AnyFact {
  _id: string;
  [field: string]: unknown;
}

/** Unless its `field` holds a later value than `value` (`$lt`) or a later or equal one. */
const unlessNewer = (field: string, op: '$lt' | '$lte', value: unknown): Filter<AnyFact> => ({
  $or: [{ [field]: { [op]: value } }, { [field]: { $exists: false } }],
});

/**
 * The writes to one collection of facts, through the store's repository base (serialised on an engine
 * without atomic updates). Fields are named by variables here, so it sees the facts as `AnyFact`; the
 * read model's methods keep their callers typed (`keyof T`, `Partial<T>`).
 */
class FactStore extends CollectionRepository<AnyFact> {
  constructor(connection: Connection, name: string) {
    super(connection.collection<AnyFact>(name));
  }

  /** `update` on the document `id`, made first if missing; with `where`, only when it meets it (else nothing). */
  async upsert(id: string, update: UpdateFilter<AnyFact>, where?: Filter<AnyFact>): Promise<void> {
    await this.upsertById(id, update, where);
  }

  /** A new document; false when one has its id already. */
  insert(doc: AnyFact): Promise<boolean> {
    return this.insertOnce(doc);
  }

  sum(filter: Filter<AnyFact>, fields: string[]) {
    return this.summarise(filter, { sum: fields });
  }
}

@Injectable()
export class ReadModelRepository implements OnModuleInit, OnModuleDestroy {
  readonly quotes: Collection<QuoteFact>;
  readonly workflows: Collection<WorkflowFact>;
  readonly runs: Collection<RunFact>;
  readonly actions: Collection<ActionFact>;
  readonly members: Collection<MemberFact>;
  readonly sightings: Collection<SightingFact>;
  readonly leads: Collection<LeadFact>;
  readonly tasks: Collection<TaskFact>;
  readonly alerts: Collection<AlertFact>;
  private readonly stream: Collection<StreamFact>;

  constructor(@InjectConnection() private readonly connection: Connection) {
    // Mongoose's collections (they wait for the connection), used through the driver's API: no
    // schemas here, plain upserts.
    const collection = <T extends Document>(name: string): Collection<T> => connection.collection<T>(name);
    this.quotes = collection<QuoteFact>('dash_quotes');
    this.workflows = collection<WorkflowFact>('dash_workflows');
    this.runs = collection<RunFact>('dash_runs');
    this.actions = collection<ActionFact>('dash_actions');
    this.members = collection<MemberFact>('dash_members');
    this.sightings = collection<SightingFact>('dash_sightings');
    this.leads = collection<LeadFact>('dash_leads');
    this.tasks = collection<TaskFact>('dash_tasks');
    this.alerts = collection<AlertFact>('dash_alerts');
    this.stream = collection<StreamFact>('dash_stream');
  }

  async onModuleInit() {
    // Total revenue and the trend: accepted quotes by acceptance time.
    await this.quotes.createIndex({ status: 1, accepted_at: 1 });
    // Active workflows.
    await this.workflows.createIndex({ deleted: 1, enabled: 1 });
    // Automated today (runs that ended since midnight) and the activity feed (newest first).
    await this.runs.createIndex({ ended_at: -1 });
    await this.runs.createIndex({ started_at: -1 });
    // A workflow's recent outcomes (its success rate now and before).
    await this.runs.createIndex({ workflow_id: 1, ended_at: -1 });
    // Workflows with a recent failure (the only ones whose success can have fallen).
    await this.runs.createIndex({ status: 1, ended_at: -1 });
    // Actions finished today, and the assistant's in the activity feed.
    await this.actions.createIndex({ at: -1 });
    await this.actions.createIndex({ source: 1, at: -1 });
    await this.members.createIndex({ deleted: 1, email: 1 });
    // Online now: sightings within the presence window.
    await this.sightings.createIndex({ last_seen_at: -1 });
    await this.leads.createIndex({ label: 1 });
    await this.tasks.createIndex({ deleted: 1, status: 1 });
    await this.alerts.createIndex({ severity: 1, status: 1 });
  }

  private readonly stores = new Map<string, FactStore>();

  /** The facts of `col`, written through the store (one per collection). */
  private facts(col: { collectionName: string }): FactStore {
    let w = this.stores.get(col.collectionName);
    if (!w) this.stores.set(col.collectionName, (w = new FactStore(this.connection, col.collectionName)));
    return w;
  }

  /** Upserts `doc` unless the stored one is newer by `field` (redeliveries and replays change nothing). */
  async keepNewer<T extends { _id: string }>(col: Collection<T>, doc: T, field: keyof T & string): Promise<void> {
    const { _id, ...rest } = doc;
    // A stored document as new or newer stays as it is.
    await this.facts(col).upsert(_id, { $set: rest }, unlessNewer(field, '$lt', doc[field]));
  }

  /**
   * `$set` on one document unless it holds a state from a later event: `field` keeps the time of the
   * event that wrote it (events of one thing share a partition, hence their order). An equal time is
   * applied again, so that events of the same millisecond converge to the last one on a replay.
   */
  async setIfNotOlder<T extends { _id: string }>(
    col: Collection<T>,
    id: string,
    field: keyof T & string,
    set: Partial<T>,
  ): Promise<void> {
    // A later event's state stored stays as it is.
    await this.facts(col).upsert(id, { $set: set }, unlessNewer(field, '$lte', set[field]));
  }

  /** `$set` on one document, created when missing. */
  async upsert<T extends { _id: string }>(
    col: Collection<T>,
    id: string,
    set: Partial<T>,
    setOnInsert: Partial<T> = {},
  ): Promise<void> {
    const update: UpdateFilter<AnyFact> = { $set: set };
    if (Object.keys(setOnInsert).length) update.$setOnInsert = setOnInsert;
    await this.facts(col).upsert(id, update);
  }

  /**
   * A run started: recorded as running unless its end is already known (the started event replayed
   * after the end, or read after it from another partition).
   */
  async runStarted(run: Omit<RunFact, 'status' | 'ended_at' | 'error'>): Promise<void> {
    await this.facts(this.runs).upsert(run._id, {
      $set: { workflow_id: run.workflow_id, workflow_name: run.workflow_name, started_at: run.started_at },
      $setOnInsert: { status: 'running', ended_at: null, error: null },
    });
  }

  async runEnded(run: RunFact): Promise<void> {
    const { _id, started_at, ...end } = run;
    await this.facts(this.runs).upsert(_id, { $set: end, $setOnInsert: { started_at } });
  }

  /**
   * An action's outcome, once per id: an insert, and a redelivery's duplicate key is the answer that it
   * is in. (Not an upsert with only `$setOnInsert`: under load, DocumentDB 0.108 was seen looping on
   * one for good, a backend spinning at full CPU that no cancel stops.)
   */
  async actionFinished(action: ActionFact): Promise<void> {
    await this.facts(this.actions).insert({ ...action });
  }

  /**
   * `as_of` says how current the figures are; it is not one of them. Every event moving it would put
   * one write on a single document per event (a replay's bottleneck), so a process writes it at most
   * every AS_OF_EVERY_MS, the newest time it applied last (a trailing write: it always lands). `$max`
   * keeps the stored one right whatever the order of writes from several replicas; a process that
   * dies with a time unwritten leaves `as_of` behind until the next event.
   */
  private asOfPending = 0;
  private asOfWritten = 0;
  private asOfTimer: NodeJS.Timeout | null = null;
  private asOfFlushing: Promise<void> | null = null;

  /** The newest event time applied: how current the figures are. */
  advanced(at: Date): void {
    const t = at.getTime();
    if (!Number.isFinite(t) || t <= Math.max(this.asOfPending, this.asOfWritten)) return;
    this.asOfPending = t;
    this.later();
  }

  private later() {
    if (this.closed || this.asOfTimer) return;
    this.asOfTimer = setTimeout(() => void this.flushAsOf(), AS_OF_EVERY_MS);
    this.asOfTimer.unref();
  }

  /** Writes the pending `as_of` now (also on shutdown). */
  async flushAsOf(): Promise<void> {
    if (this.asOfTimer) clearTimeout(this.asOfTimer);
    this.asOfTimer = null;
    await this.asOfFlushing;
    const t = this.asOfPending;
    if (t <= this.asOfWritten) return;
    this.asOfFlushing = this.facts(this.stream)
      .upsert('stream', { $max: { as_of: new Date(t) } })
      .then(() => {
        this.asOfWritten = Math.max(this.asOfWritten, t);
      })
      .catch(() => {
        // Tried again a moment later: as_of only lags meanwhile.
        this.later();
      });
    await this.asOfFlushing;
  }

  private closed = false;

  /** The last time applied is written before the store closes (bounded: a shutdown never waits on it long). */
  async onModuleDestroy() {
    this.closed = true;
    await Promise.race([this.flushAsOf(), new Promise((r) => setTimeout(r, 2_000).unref())]);
  }

  async asOf(): Promise<Date | null> {
    return (await this.stream.findOne({ _id: 'stream' }))?.as_of ?? null;
  }

  /** Emails seen since `since` (lowercased). */
  async seenSince(since: Date): Promise<string[]> {
    const docs = await this.sightings
      .find({ last_seen_at: { $gt: since } }, { projection: { _id: 1 } })
      .limit(100_000)
      .toArray();
    return docs.map((d) => d._id);
  }

  /** Sum of accepted quotes' totals, in exact cents. */
  async acceptedCents(): Promise<{ cents: number; count: number }> {
    const [row] = await this.facts(this.quotes).sum({ status: 'accepted' }, ['total_cents']);
    return { cents: row?.sums.total_cents ?? 0, count: row?.count ?? 0 };
  }
}
