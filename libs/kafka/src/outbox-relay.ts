import type { Logger } from '@sixa/observability';
import { eventsPublished, outboxPending } from '@sixa/observability';
import { removePublished, type OutboxEntry, type OutboxSink, type WrittenDoc } from '@sixa/mongo';
import type { Message } from 'kafkajs';
import type { Collection, Document } from 'mongodb';
import type { IdempotentProducer } from './kafka-client';

export interface OutboxRelayOptions {
  /** First retry delay after a failed pass (doubling up to 10 s while Kafka stays away). */
  pollIntervalMs?: number;
  /**
   * Sweep interval: the safety net for events another replica wrote and never published (it crashed
   * and did not come back). Each sweep scans the collections, which FerretDB v1 cannot index: keep it slow.
   */
  sweepIntervalMs?: number;
  batchSize?: number;
}

interface OutboxDoc extends Document {
  _id: unknown;
  outbox?: OutboxEntry[];
  deleted_at?: Date | null;
}

/**
 * Publishes the events that services keep inside the documents they change (the `outbox` array,
 * written in the same single-document update as the change), then removes exactly those entries.
 * A crash between publish and removal publishes again on the next pass: consumers dedupe by event id.
 * A soft-deleted document is removed for good once its last event is out.
 *
 * After a write the repository hands over the document as the write answered it (`written`: its
 * whole outbox, in order, no read needed) or names it (`kick(collection, id)`: that pass reads it by
 * `_id`). Whole collections are swept at start (what a crash left behind), while passes fail (Kafka
 * away, with back-off), and every `sweepIntervalMs`.
 */
export class OutboxRelay implements OutboxSink {
  private readonly collections = new Map<string, Collection<OutboxDoc>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly pollIntervalMs: number;
  private readonly sweepIntervalMs: number;
  private readonly batchSize: number;
  private failures = 0;
  private sweepWanted = false;
  /** With several replicas, one of them sweeps: the one holding this lease (see useSweepLease). */
  private sweepLease: { acquire(): Promise<boolean>; release(): Promise<void> } | null = null;
  /**
   * Documents named after a write, by collection, waiting for a pass: the latest state a write
   * answered with, or none (`kick`: the pass reads the document).
   */
  private readonly named = new Map<string, Map<string, { id: unknown; doc: WrittenDoc | null }>>();
  /**
   * Ids of the entries this relay published lately. A document's state from a write may still hold
   * entries an earlier pass published (two writes close together): they are removed, not sent again.
   * Only saves work: a duplicate would be harmless (consumers dedupe by event id).
   */
  private readonly recent = new Set<string>();
  /** Removals of published entries still going (see `publish`). */
  private readonly removing = new Set<Promise<void>>();

  constructor(
    private readonly producer: IdempotentProducer,
    private readonly logger: Logger,
    opts: OutboxRelayOptions = {},
  ) {
    this.pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.sweepIntervalMs = opts.sweepIntervalMs ?? 30_000;
    this.batchSize = opts.batchSize ?? 100;
  }

  /**
   * The sweeps (the safety net) are done by whichever replica holds `lease`; each replica still
   * publishes right after its own writes. Without a lease every replica sweeps, which is correct
   * (consumers dedupe) but reads every collection once per replica.
   */
  useSweepLease(lease: { acquire(): Promise<boolean>; release(): Promise<void> }): void {
    this.sweepLease = lease;
  }

  register(collection: Collection<any>): void {
    this.collections.set(collection.collectionName, collection as Collection<OutboxDoc>);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.kick().finally(() => {
        // Back off while Kafka is unreachable, up to 10 s between attempts; else the slow sweep.
        if (!this.timer)
          this.schedule(
            this.failures
              ? Math.min(this.pollIntervalMs * 2 ** Math.min(this.failures - 1, 4), 10_000)
              : this.sweepIntervalMs,
          );
      });
    }, delay);
  }

  /**
   * Without arguments, a sweep of every collection; with a collection and document ids, a pass over
   * just those documents (after a write). Runs now, or right after the pass in progress.
   */
  kick(collection?: Collection<any>, ...ids: unknown[]): Promise<void> {
    if (collection && ids.length) {
      const byId = this.namedIn(collection);
      // A read wanted: it sees every write made before it, so it replaces any state handed over.
      for (const id of ids) byId.set(String(id), { id, doc: null });
    } else {
      this.sweepWanted = true;
    }
    return this.pass();
  }

  written(collection: Collection<any>, ...docs: WrittenDoc[]): Promise<void> {
    const byId = this.namedIn(collection);
    for (const doc of docs) {
      const key = String(doc._id);
      const known = byId.get(key);
      // A read already wanted stays wanted; of two states handed over, the later write's holds both's entries.
      if (known && (!known.doc || (known.doc.rev ?? 0) > (doc.rev ?? 0))) continue;
      byId.set(key, { id: doc._id, doc });
    }
    return this.pass();
  }

  private namedIn(collection: Collection<any>): Map<string, { id: unknown; doc: WrittenDoc | null }> {
    let byId = this.named.get(collection.collectionName);
    if (!byId) this.named.set(collection.collectionName, (byId = new Map()));
    return byId;
  }

  /** A pass now, or right after the one in progress. */
  private pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.passNamed();
        if (this.sweepWanted) {
          this.sweepWanted = false;
          await this.passAll();
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.all([...this.removing]);
    // A clean stop hands the sweeps to another replica at once rather than when the lease expires.
    await this.sweepLease?.release().catch(() => undefined);
  }

  private async passNamed(): Promise<void> {
    const work = [...this.named.entries()];
    this.named.clear();
    for (const [name, byId] of work) {
      const collection = this.collections.get(name);
      if (!collection) continue;
      try {
        const docs = await Promise.all(
          [...byId.values()].map(
            ({ id, doc }) =>
              doc ?? collection.findOne({ _id: id } as never, { projection: { outbox: 1, deleted_at: 1 } }),
          ),
        );
        await this.publish(collection, docs.filter((d) => !!d?.outbox?.length) as OutboxDoc[], { removeLater: true });
      } catch (e) {
        this.failed(e, name);
      }
    }
  }

  private failed(e: unknown, collection: string): void {
    this.failures++;
    this.logger.warn({ err: e, collection }, 'outbox relay pass failed; will retry');
    // Whatever was left is found by the sweep, retried with back-off from now.
    this.sweepWanted = false;
    if (this.failures === 1) this.schedule(this.pollIntervalMs);
  }

  private async passAll(): Promise<void> {
    // While passes fail (Kafka away) every replica retries its own; otherwise only the lease holder sweeps.
    if (this.sweepLease && !this.failures && !(await this.sweepLease.acquire().catch(() => false))) return;
    let allPublished = true;
    for (const collection of this.collections.values()) {
      try {
        let published: number;
        do {
          published = await this.passOver(collection);
        } while (published >= this.batchSize && !this.stopped);
      } catch (e) {
        allPublished = false;
        this.failed(e, collection.collectionName);
      }
    }
    // Only a sweep where every collection went out ends the back-off: an empty collection
    // "succeeds" even while Kafka is away.
    if (allPublished) this.failures = 0;
  }

  private async passOver(collection: Collection<OutboxDoc>): Promise<number> {
    const docs = await collection
      .find({ 'outbox.0': { $exists: true } }, { projection: { outbox: 1, deleted_at: 1 } })
      .limit(this.batchSize)
      .toArray();
    outboxPending.observe({ collection: collection.collectionName }, docs.length);
    await this.publish(collection, docs);
    return docs.length;
  }

  /**
   * These documents' events, each document's in the order they were written, keyed by the aggregate
   * id, in as few requests as the batch size allows (one round trip for a pass, not one per event);
   * then removes exactly those entries from each document. Nothing is removed before Kafka took it.
   */
  private async publish(
    collection: Collection<OutboxDoc>,
    docs: OutboxDoc[],
    opts: { removeLater?: boolean } = {},
  ): Promise<void> {
    for (let i = 0; i < docs.length; i += this.batchSize) {
      const chunk = docs.slice(i, i + this.batchSize);
      const byTopic = new Map<string, Message[]>();
      for (const doc of chunk)
        for (const entry of doc.outbox ?? []) {
          if (this.recent.has(entry.id)) continue;
          const messages = byTopic.get(entry.topic) ?? [];
          messages.push({ key: entry.key, value: entry.value, headers: { 'ce-id': entry.id } });
          byTopic.set(entry.topic, messages);
        }
      await this.producer.sendBatch([...byTopic].map(([topic, messages]) => ({ topic, messages })));
      for (const [topic, messages] of byTopic)
        for (const m of messages) {
          eventsPublished.inc({ topic, type: typeOf(String(m.value)) });
          this.remember(String(m.headers!['ce-id']));
        }
      const removals = Promise.all(chunk.map((doc) => removePublished(collection, doc)));
      if (!opts.removeLater) {
        await removals;
        continue;
      }
      // The events are out: the next pass need not wait for their removal (an entry it meets again
      // is one this relay published lately, removed and not sent again). A removal that fails leaves
      // the entries to the sweep.
      const tracked: Promise<void> = removals
        .then(() => undefined)
        .catch((e: unknown) => {
          this.logger.warn(
            { err: e, collection: collection.collectionName },
            'outbox entries not removed; the sweep will',
          );
          this.sweepWanted = true;
        })
        .finally(() => this.removing.delete(tracked));
      this.removing.add(tracked);
      if (this.removing.size >= MAX_REMOVALS_IN_FLIGHT) await Promise.all([...this.removing]);
    }
  }

  private remember(id: string): void {
    this.recent.add(id);
    // Oldest first out (a Set keeps insertion order).
    if (this.recent.size > RECENT_KEPT) this.recent.delete(this.recent.values().next().value as string);
  }
}

/** Removals of published entries going on at once before a pass waits for them. */
const MAX_REMOVALS_IN_FLIGHT = 64;

/** Published entry ids remembered (see `recent`): far more than a pass's worth. */
const RECENT_KEPT = 10_000;

function typeOf(value: string): string {
  try {
    return String((JSON.parse(value) as { type?: unknown }).type ?? 'unknown');
  } catch {
    return 'unknown';
  }
}
