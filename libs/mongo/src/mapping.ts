import { Types } from 'mongoose';
import { revisionTag } from './revision-tag';

/** Fields kept in documents for the platform's own bookkeeping, never returned by the API. */
const INTERNAL = new Set(['_id', '__v', 'outbox', 'deleted_at']);

type Plain = Record<string, unknown>;

/**
 * Shapes a stored document like the API: a string `id`, dates as ISO strings, and no `_id`, `__v`
 * or outbox. A document with a revision also gets its `etag` (see revisionTag), even when the API
 * leaves `rev` itself out: edits send it back as If-Match. Repositories return only what this gives.
 */
export function toApi<T>(doc: Plain | null | undefined, omit: readonly string[] = []): T | null {
  if (!doc) return null;
  const out: Plain = { id: String(doc._id) };
  for (const [key, value] of Object.entries(doc)) {
    if (INTERNAL.has(key) || omit.includes(key)) continue;
    out[key] = serialise(value);
  }
  if (typeof doc.rev === 'number') out.etag = revisionTag(String(doc._id), doc.rev);
  return out as T;
}

function serialise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Types.ObjectId) return value.toHexString();
  if (Array.isArray(value)) return value.map(serialise);
  if (value && typeof value === 'object') {
    const o: Plain = {};
    for (const [k, v] of Object.entries(value)) if (k !== '_id') o[k] = serialise(v);
    return o;
  }
  return value;
}

/** The stored form of an id the API gave as a string (isObjectId first). */
export function objectId(id: string): Types.ObjectId {
  return new Types.ObjectId(id);
}

/** A path id that is not a valid ObjectId can match nothing: callers answer 404 without querying. */
export function isObjectId(id: string): boolean {
  return /^[a-f0-9]{24}$/i.test(id);
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The filter a list's search box makes: the words typed, as they are (no pattern), anywhere in one
 * of `fields`, case aside; null when nothing was typed.
 */
export function textMatch(
  q: string | undefined,
  fields: readonly string[],
): { $or: Array<Record<string, unknown>> } | null {
  const text = q?.trim();
  if (!text) return null;
  const re = { $regex: escapeRegex(text), $options: 'i' };
  return { $or: fields.map((field) => ({ [field]: re })) };
}
