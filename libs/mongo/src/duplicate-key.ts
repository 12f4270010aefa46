import { duplicateKeyOf } from '@sixa/observability';

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
