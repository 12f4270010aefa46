import type { Db } from 'mongodb';
import { CollectionRepository } from './collection.repository';

interface KeptDoc<V> {
  _id: string;
  value: V;
  rev: number;
}

/**
 * Values another service owns and publishes with a revision (a system setting, an AI settings
 * group), kept in this service's own database at the highest revision seen: every replica reads the
 * same value, a restart keeps it, and a late, older revision changes nothing.
 */
export class KeptValues<V> extends CollectionRepository<KeptDoc<V>> {
  constructor(db: Db, collection: string) {
    super(db.collection<KeptDoc<V>>(collection));
  }

  /** Keeps `value` under `key` if `rev` is newer than the one stored (conditional on the revision read); true if kept. */
  keep(key: string, value: V, rev: number): Promise<boolean> {
    return this.keepNewestRevision(key, rev, { value });
  }

  async get(key: string): Promise<V | undefined> {
    return (await this.findById(key))?.value;
  }
}
