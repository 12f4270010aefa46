import { isDuplicateKey, storeOfCollection } from '@sixa/mongo';
import type { Collection, Document } from 'mongodb';

/**
 * Keeps `value` under `id` if its revision is higher than the stored one (a conditional update on the
 * revision read, retried when another replica wrote in between): events arriving late or twice
 * change nothing, and every replica ends with the newest.
 */
export async function keepNewestRevision<T extends Document>(
  collection: Collection<{ _id: string; rev: number; value: T }>,
  id: string,
  rev: number,
  value: T,
): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const stored = await collection.findOne({ _id: id });
    if (stored && stored.rev >= rev) return;
    if (!stored) {
      try {
        await collection.insertOne({ _id: id, rev, value } as never);
        return;
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        continue;
      }
    }
    const done = await storeOfCollection(collection).write(collection.collectionName, id, () =>
      collection.updateOne({ _id: id, rev: stored.rev }, { $set: { rev, value } as never }),
    );
    if (done.modifiedCount) return;
  }
}
