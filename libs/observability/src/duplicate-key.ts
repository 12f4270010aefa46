import { fieldLabel, recordName } from '@sixa/contracts';

/** What a unique index refused: the record's collection and the fields (with their values, when known). */
export interface DuplicateKey {
  collection: string | null;
  fields: string[];
  values: Record<string, unknown>;
}

/**
 * The unique-index refusal in a write's error, as each engine words it (known by shape, so that this
 * library needs no driver), or null for any other error:
 * - MongoDB (and libs/mongo's DuplicateKeyError): code 11000 with `keyPattern`/`keyValue`, the
 *   collection and index in the message;
 * - FerretDB v1 on an insert: code 11000 naming the collection only;
 * - FerretDB v1 on an update: an InternalError whose message names SQLite's index
 *   (`<collection>_<8 hex>_<index name>`).
 */
export function duplicateKeyOf(e: unknown): DuplicateKey | null {
  for (let err = e, depth = 0; err && typeof err === 'object' && depth < 4; depth++) {
    const x = err as {
      code?: unknown;
      message?: unknown;
      keyPattern?: Record<string, unknown>;
      keyValue?: Record<string, unknown>;
      collection?: unknown;
      cause?: unknown;
    };
    const message = typeof x.message === 'string' ? x.message : '';
    if (x.code === 11000 || /^E11000 duplicate key/.test(message)) {
      const named = /collection: (\S+)/.exec(message)?.[1] ?? null;
      const collection = typeof x.collection === 'string' ? x.collection : named && named.slice(named.indexOf('.') + 1);
      const index = /index: (\S+)/.exec(message)?.[1];
      const fields = Object.keys(x.keyPattern ?? x.keyValue ?? {});
      return {
        collection,
        fields: fields.length ? fields : index ? indexFields(index) : [],
        values: { ...x.keyValue },
      };
    }
    const sqlite = /UNIQUE constraint failed: index '([^']+)'/.exec(message)?.[1];
    if (sqlite) {
      const m = /^(.+?)_[0-9a-f]{8}_(.+)$/.exec(sqlite);
      return m
        ? { collection: m[1], fields: indexFields(m[2]), values: {} }
        : { collection: null, fields: [], values: {} };
    }
    err = x.cause;
  }
  return null;
}

/** The fields of an index from its default name (`kind_1_key_1` -> kind, key). */
export function indexFields(name: string): string[] {
  return [...name.matchAll(/(.+?)_(-?1|text|2d|2dsphere|hashed)(?:_|$)/g)].map((m) => m[1]);
}

/** "Another lead already uses the e-mail ana@example.com" (or "this e-mail" when the value is not known). */
export function duplicateKeyDetail(d: DuplicateKey): string {
  const what = d.collection ? recordName(d.collection) : 'record';
  if (!d.fields.length) return `Another ${what} already has these values; change them and try again`;
  const value = d.fields.length === 1 ? d.values[d.fields[0]] : undefined;
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  if (shown !== undefined) return `Another ${what} already uses the ${fieldLabel(d.fields[0])} ${shown}`;
  return `Another ${what} already uses this ${d.fields.map(fieldLabel).join(' and ')}`;
}
