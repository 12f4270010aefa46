import { DomainError } from '@sixa/observability';

/** One sort order of a list: a field and a direction; ties break on `_id` in the same direction. */
export interface SortSpec {
  field: string;
  direction: 1 | -1;
}

/** `-created_at` → { field: 'created_at', direction: -1 }. */
export function parseSort(sort: string): SortSpec {
  return sort.startsWith('-') ? { field: sort.slice(1), direction: -1 } : { field: sort, direction: 1 };
}

interface Cursor {
  value: unknown;
  id: string;
}

/** An opaque keyset cursor: the last row's sort value and id. */
export function encodeCursor(value: unknown, id: string): string {
  const v = value instanceof Date ? { d: value.toISOString() } : { v: value ?? null };
  return Buffer.from(JSON.stringify({ ...v, i: id })).toString('base64url');
}

export class InvalidCursorError extends DomainError {
  constructor() {
    super(
      'invalid',
      'INVALID_CURSOR',
      'after is not a cursor this list gave out: pass the next_cursor of the previous page',
    );
  }
}

export function decodeCursor(cursor: string): Cursor {
  let raw: { d?: unknown; v?: unknown; i?: unknown };
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!raw || typeof raw !== 'object' || typeof raw.i !== 'string' || !/^[a-f0-9]{24}$/i.test(raw.i))
    throw new InvalidCursorError();
  if (typeof raw.d === 'string') {
    const d = new Date(raw.d);
    if (Number.isNaN(d.getTime())) throw new InvalidCursorError();
    return { value: d, id: raw.i };
  }
  const v = raw.v;
  if (v !== null && typeof v !== 'string' && typeof v !== 'number') throw new InvalidCursorError();
  return { value: v, id: raw.i };
}
