import { duplicateKeyOf } from '@sixa/observability';
import type { Model } from 'mongoose';

/**
 * A unique index refused a write, in MongoDB's shape on every engine (code 11000, `keyPattern`,
 * `keyValue`) and with the collection it belongs to: services that put a conflict in their own words
 * recognise it as they would MongoDB's, and the exception filter words the others (a 409, never a 500).
 */
export class DuplicateKeyError extends Error {
  readonly code = 11000;

  constructor(
    readonly collection: string,
    readonly keyPattern: Record<string, 1>,
    readonly keyValue: Record<string, unknown>,
    cause: unknown,
  ) {
    super(`E11000 duplicate key error collection: ${collection} dup key: ${JSON.stringify(keyValue)}`, { cause });
    this.name = 'DuplicateKeyError';
  }
}

/** A unique index refused the write (as any engine says it: see duplicateKeyOf). */
export const isDuplicateKey = (e: unknown): boolean => duplicateKeyOf(e) !== null;

/**
 * A write's error, as a DuplicateKeyError naming the unique index and the values written when a
 * unique index refused it (engines differ in what they say: FerretDB names no values, and on an
 * insert no index: it is found among the model's unique indexes), else as it came. `written`: the
 * document as the write would have left it; `changed`: the fields an update set (the index refusing
 * it is among theirs).
 */
export async function duplicateKeyErrorOf<Doc>(
  e: unknown,
  model: Model<Doc>,
  written: Record<string, unknown>,
  changed?: string[],
): Promise<unknown> {
  const dup = duplicateKeyOf(e);
  if (!dup || e instanceof DuplicateKeyError) return e;
  const valueOf = (path: string) =>
    path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], written);
  let fields = dup.fields;
  if (!fields.length) {
    let candidates = model.schema
      .indexes()
      .filter(([, options]) => (options as { unique?: boolean } | undefined)?.unique)
      .map(([spec]): string[] => Object.keys(spec))
      .filter((f: string[]) => (!changed || f.some((x) => changed.includes(x))) && f.every((x) => valueOf(x) != null));
    if (candidates.length > 1) {
      // Several could have refused it: the one another document holds these values of.
      const taken: string[][] = [];
      for (const f of candidates as string[][]) {
        const filter = { ...Object.fromEntries(f.map((x) => [x, valueOf(x)])), _id: { $ne: written._id } };
        if (await model.exists(filter)) taken.push(f);
      }
      if (taken.length) candidates = taken;
    }
    fields = candidates[0] ?? [];
  }
  const keyValue = Object.keys(dup.values).length ? dup.values : Object.fromEntries(fields.map((f) => [f, valueOf(f)]));
  return new DuplicateKeyError(
    model.collection.collectionName,
    Object.fromEntries(fields.map((f) => [f, 1 as const])),
    keyValue,
    e,
  );
}
