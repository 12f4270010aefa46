import type { Collection, Document, ObjectId } from 'mongodb';
import { storeOfCollection } from './store-adapter';

/**
 * The filter that matches a document at revision `rev` (one stored before revisions existed counts
 * as revision 0); nothing when no revision is expected.
 */
export function atRevision(rev: number | undefined): Document {
  if (rev === undefined) return {};
  return rev === 0 ? { $or: [{ rev: 0 }, { rev: { $exists: false } }] } : { rev };
}

export type RevisionUpdate<D> =
  | { status: 'changed'; doc: D }
  | { status: 'missing' }
  /** The stored revision (`rev`) is not the one expected: nothing was written. */
  | { status: 'stale'; rev: number };

/**
 * For a collection used through the driver (no BaseRepository): sets `set` on the document `_id` and
 * moves its revision on, in one conditional update on the revision the editor read (`expectedRev`,
 * if any), so an edit made on an older revision writes nothing.
 */
export async function updateAtRevision<D extends { _id: ObjectId; rev?: number }>(
  collection: Collection<D>,
  _id: ObjectId,
  set: Partial<D>,
  expectedRev?: number,
): Promise<RevisionUpdate<D>> {
  // Typed loosely: the driver's generic filter types do not compose with a generic document type.
  const docs: Collection<any> = collection;
  const after = await storeOfCollection(collection).write(collection.collectionName, String(_id), () =>
    docs.findOneAndUpdate(
      { _id, ...atRevision(expectedRev) },
      { $set: set, $inc: { rev: 1 } },
      { returnDocument: 'after' },
    ),
  );
  if (after) return { status: 'changed', doc: after as D };
  const now = (await docs.findOne({ _id })) as D | null;
  return now ? { status: 'stale', rev: now.rev ?? 0 } : { status: 'missing' };
}
