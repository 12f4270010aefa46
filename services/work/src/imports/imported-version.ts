import { Schema } from 'mongoose';

/**
 * What a provider last sent for a record a sync made into a task or an event: the version's time
 * (when the provider gives one) and its fields as they came. The next sync then tells the
 * provider's changes (a field unlike what it sent before) from the staff's (a field unlike what it
 * sent, that it did not change), and leaves alone a version no newer than the one applied.
 */
export interface ImportedVersion {
  updated_at: Date | null;
  fields: Record<string, unknown>;
}

/** The stored form (internal: never part of the API). */
export const importedVersionField = { type: Schema.Types.Mixed, default: undefined };

/** Not newer than the version applied: an older page that came late, or the same one again. */
export function isNotNewer(applied: ImportedVersion | null | undefined, next: ImportedVersion): boolean {
  const at = applied?.updated_at ? new Date(applied.updated_at).getTime() : null;
  return at !== null && next.updated_at !== null && next.updated_at.getTime() <= at;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields the provider changed since the version applied; for a record made before versions
 * were kept, those unlike the record's current values.
 */
export function changedAtProvider<K extends string>(
  next: Record<K, unknown>,
  applied: ImportedVersion | null | undefined,
  current: Record<K, unknown>,
): K[] {
  return (Object.keys(next) as K[]).filter((k) =>
    applied ? !same(next[k], applied.fields[k]) : !same(next[k], current[k]),
  );
}
