import { createHash } from 'node:crypto';

/**
 * The revision tag of a record (its `etag`, and the `ETag` header of its answers): opaque to the
 * client, and bound to the record. `<rev>.<16 hex of sha256("<id>:<rev>")>`: the revision alone is a
 * number another record can share; with the record's id in the hash, a form that holds one record's
 * tag and saves to another is recognised (see readIfMatch) instead of passing the revision check.
 * Not a secret: it guards against mistakes (a form reused for another record), not against forgery.
 */
export function revisionTag(id: string, rev: number): string {
  return `${rev}.${tagHash(id, rev)}`;
}

const tagHash = (id: string, rev: number) => createHash('sha256').update(`${id}:${rev}`).digest('hex').slice(0, 16);

const TAG = /^(0|[1-9]\d{0,14})\.([0-9a-f]{16})$/;

/** What an `If-Match` header says about the record it is sent to. */
export type IfMatchReading =
  /** No header (or `*`: any revision): the edit is not bound to a revision by it. */
  | { kind: 'none' }
  /** A tag of this record, at revision `rev`. */
  | { kind: 'revision'; rev: number }
  /** A well-formed tag of some other record: the form holds another record's data. */
  | { kind: 'other_record' }
  /** Not a tag this API gave. */
  | { kind: 'malformed' };

/**
 * Reads `If-Match` for the record `id`. The tag may come as the record's `etag` field or as its
 * `ETag` header gave it (quoted, or weak `W/"..."`): both name the same revision.
 */
export function readIfMatch(header: string | string[] | undefined, id: string): IfMatchReading {
  if (header === undefined) return { kind: 'none' };
  if (Array.isArray(header)) return header.length === 1 ? readIfMatch(header[0], id) : { kind: 'malformed' };
  let tag = header.trim();
  if (tag === '') return { kind: 'malformed' };
  if (tag === '*') return { kind: 'none' };
  if (tag.startsWith('W/')) tag = tag.slice(2);
  if (tag.length >= 2 && tag.startsWith('"') && tag.endsWith('"')) tag = tag.slice(1, -1);
  const m = TAG.exec(tag);
  if (!m) return { kind: 'malformed' };
  const rev = Number(m[1]);
  return m[2] === tagHash(id, rev) ? { kind: 'revision', rev } : { kind: 'other_record' };
}

/** The `ETag` header value of a tag (a quoted string, as HTTP has it). */
export const etagHeader = (tag: string): string => `"${tag}"`;

/** The `id` and `etag` the API gives a stored record (one stored before revisions counts as revision 0). */
export function idAndEtag(doc: { _id: unknown; rev?: number }): { id: string; etag: string } {
  const id = String(doc._id);
  return { id, etag: revisionTag(id, doc.rev ?? 0) };
}
