import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './duplicate-key';
import { storeOfCollection } from './store-adapter';

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
export class KeptValues<V> {
  private readonly docs: Collection<KeptDoc<V>>;

  constructor(db: Db, collection: string) {
    this.docs = db.collection<KeptDoc<V>>(collection);
  }

  /** Keeps `value` under `key` if `rev` is newer than the one stored (conditional on the revision read); true if kept. */
  async keep(key: string, value: V, rev: number): Promise<boolean> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const stored = await this.docs.findOne({ _id: key });
      if (stored && stored.rev >= rev) return false;
      if (!stored) {
        try {
          await this.docs.insertOne({ _id: key, value, rev } as KeptDoc<V>);
          return true;
        } catch (e) {
          if (!isDuplicateKey(e)) throw e;
          continue;
        }
      }
      const done = await storeOfCollection(this.docs).write(this.docs.collectionName, key, () =>
        this.docs.updateOne({ _id: key, rev: stored.rev }, { $set: { value, rev } }),
      );
      if (done.modifiedCount) return true;
    }
    return false;
  }

  async get(key: string): Promise<V | undefined> {
    return (await this.docs.findOne({ _id: key }))?.value;
  }
}
