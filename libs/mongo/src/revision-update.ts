import type { Document } from 'mongodb';

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
