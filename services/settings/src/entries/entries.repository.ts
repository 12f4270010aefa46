import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isDuplicateKey, revisionTag, type ChangeResult } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { EntrySchema, type EntryDoc, type EntryKind } from './entry.schema';

/** The identity an entry's revision tag is made from: its kind and key, as the routes name it. */
export const entryIdentity = (kind: EntryKind, key: string): string => `${kind}:${key}`;

/** A stored entry as the services read it. */
export interface Entry<V = unknown> {
  id: string;
  /** Its revision's tag, bound to its kind and key (see entryIdentity). */
  etag: string;
  kind: EntryKind;
  key: string;
  value: V;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: string | null;
  rev: number;
}

/** Who makes a change: their id and the name their token carries. */
export interface Actor {
  id: string;
  name: string;
}

/** The settings service's values by kind and key (see EntryDoc). */
@Injectable()
export class EntriesRepository extends BaseRepository<EntryDoc, Entry> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<EntryDoc>('SettingsEntry', EntrySchema), { outbox: relay });
  }

  override map(doc: unknown): Entry {
    const d = doc as EntryDoc;
    return {
      id: String(d._id),
      etag: revisionTag(entryIdentity(d.kind, d.key), d.rev ?? 0),
      kind: d.kind,
      key: d.key,
      value: d.value,
      updated_by: d.updated_by ?? null,
      updated_by_name: d.updated_by ? (d.updated_by_name ?? null) : null,
      updated_at: d.updated_by && d.updated_at ? new Date(d.updated_at).toISOString() : null,
      rev: d.rev ?? 0,
    };
  }

  async list<V>(kind: EntryKind): Promise<Array<Entry<V>>> {
    const docs = await this.model.find({ kind }).sort({ key: 1 }).lean();
    return docs.map((d) => this.map(d) as Entry<V>);
  }

  async get<V>(kind: EntryKind, key: string): Promise<Entry<V> | null> {
    const doc = await this.model.findOne({ kind, key }).lean();
    return doc ? (this.map(doc) as Entry<V>) : null;
  }

  /**
   * Sets the entry's value (made first if missing: one document whoever races), with the events the
   * new value owes, in one conditional update. `value` gets the current value (undefined if new).
   * `expectedRev`: the revision the editor read; an entry changed (or removed) since is not written
   * (`stale`, or `missing`: the service says why).
   */
  async put<V>(
    kind: EntryKind,
    key: string,
    value: (current: V | undefined) => V,
    by: Actor,
    events: (after: Entry<V>) => EventEnvelope[] = () => [],
    expectedRev?: number,
  ): Promise<ChangeResult<Entry<V>>> {
    const existing = await this.model.findOne({ kind, key }).lean();
    if (!existing && expectedRev === undefined) {
      try {
        const created = (await this.insert(
          { kind, key, value: value(undefined), updated_by: by.id, updated_by_name: by.name },
          (made) => events(made as Entry<V>),
        )) as Entry<V>;
        return { status: 'changed', value: created, doc: created };
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
      }
    }
    const result = await this.change(
      { kind, key },
      (current) => ({
        set: { value: value(current.value as V), updated_by: by.id, updated_by_name: by.name },
        events: (after) => events(after as Entry<V>),
      }),
      { expectedRev },
    );
    return result as ChangeResult<Entry<V>>;
  }

  /** Removes the entry; false if there was none. */
  async remove(kind: EntryKind, key: string): Promise<boolean> {
    const res = await this.store.write(this.collectionName, `${kind}:${key}`, () =>
      this.model.deleteOne({ kind, key }),
    );
    await this.written();
    return res.deletedCount > 0;
  }
}
