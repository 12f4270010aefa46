import type { EventEnvelope } from '@sixa/contracts';

/** What a `change` computes from the current document. */
export interface Change<Doc, Api> {
  set?: Partial<Doc>;
  inc?: Partial<Record<keyof Doc & string, number>>;
  /** Built from the document as it will be after the change (exact: the update applies only to the revision read). */
  events?: (after: Api) => EventEnvelope[];
}

export type ChangeResult<Api, Doc = unknown> =
  /** Applied; `value` is the document after it (`doc`: as stored). */
  | { status: 'changed'; value: Api; doc: Doc }
  /** `compute` returned null, or the event was applied before: nothing written. */
  | { status: 'unchanged'; value: Api }
  /** No document matches the filter (unknown id, or not in the state the filter asks for). */
  | { status: 'missing' }
  /** The caller's revision is not the stored one (`rev`): someone else changed it since it was read. */
  | { status: 'stale'; value: Api; rev: number }
  /** Other writers kept changing it through every attempt. */
  | { status: 'contended' };

/** The errors a service answers a change's outcomes with (each gets the sentence to show). */
export interface ChangeErrors {
  missing: () => Error;
  stale: (detail: string) => Error;
  busy: (detail: string) => Error;
}

/**
 * What a change of `what` (a lead, a task...) means for the caller: the value, or the service's error
 * that explains why not (`missing` depends on what the change required: not found, or no longer in
 * the right state).
 */
export function changedOr<T>(result: ChangeResult<T>, what: string, errors: ChangeErrors): T {
  switch (result.status) {
    case 'changed':
    case 'unchanged':
      return result.value;
    case 'missing':
      throw errors.missing();
    case 'stale':
      throw errors.stale(staleDetail(what, result.rev));
    case 'contended':
      throw errors.busy(`This ${what} is being changed by others right now; try again`);
  }
}

/** What an edit of `what` made on an older revision (now `rev`) is told. */
export const staleDetail = (what: string, rev: number): string =>
  `This ${what} was changed by someone else since you opened it (now revision ${rev}); reload it and edit again`;

export interface ChangeOptions<Doc = never> {
  /** The revision the person editing saw; a different stored one is `stale`. */
  expectedRev?: number;
  /** A consumer applying an event: applied once, whatever the redeliveries. */
  eventId?: string;
  /** Attempts when another writer changed the document between read and write. */
  attempts?: number;
  /**
   * The document as the caller last saw it written (a claim's or its own last change's answer), for a
   * document no one else is expected to change meanwhile: the first attempt computes from it instead
   * of reading. Its revision guards the write as a read's would; if someone did change it, the write
   * misses and the next attempt reads.
   */
  current?: Doc;
}
