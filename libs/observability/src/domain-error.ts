/**
 * What went wrong, in the domain's words. Services throw a DomainError with a code of their own
 * context (an enum in `<context>.errors.ts`, each code given one of these kinds there, see
 * `contextError`); the exception filter turns the kind into the HTTP status. Repositories never
 * throw HTTP.
 */
export type DomainErrorKind =
  | 'invalid' // the request cannot be carried out as given
  | 'unauthenticated' // who is asking is not established (wrong credentials)
  | 'forbidden' // the caller may not do this
  | 'not_found' // no such thing (or not visible to the caller)
  | 'conflict' // the state does not allow it (a transition from the wrong state, a duplicate)
  | 'stale' // changed by someone else since the caller read it
  | 'busy' // other writers kept changing it; try again
  | 'too_large' // the input is larger than this service takes
  | 'unavailable' // the service cannot do this now (full, or a tool it needs is missing)
  | 'timed_out'; // the work took longer than its time limit and was stopped

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    readonly detail: string,
    /** Sent as Retry-After (seconds) when the caller may simply try again later. */
    readonly retryAfterSeconds?: number,
    /** The caller acts on the code itself (the client turns PASSWORD_EXPIRED into a form): sent as `code` beside `detail`. */
    readonly exposeCode = false,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

/**
 * The error class of one context: `kinds` gives every code of the context's enum its kind (a
 * `Record` over the enum, so a code without a kind does not compile).
 * `class CrmError extends contextError<CrmErrorCode>({ [CrmErrorCode.LeadNotFound]: 'not_found', ... }) {}`
 */
export function contextError<C extends string>(kinds: Readonly<Record<C, DomainErrorKind>>) {
  return class ContextError extends DomainError {
    declare readonly code: C;

    /** `retryAfterSeconds`: when the caller may simply try again (sent as Retry-After). */
    constructor(code: C, detail: string, retryAfterSeconds?: number) {
      super(kinds[code], code, detail, retryAfterSeconds);
    }
  };
}

export function httpStatusOf(kind: DomainErrorKind): number {
  switch (kind) {
    case 'invalid':
      return 400;
    case 'unauthenticated':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
    case 'stale':
      return 409;
    case 'busy':
    case 'unavailable':
      return 503;
    case 'too_large':
      return 413;
    case 'timed_out':
      return 504;
    default: {
      const unknown: never = kind;
      throw new Error(`unknown domain error kind ${String(unknown)}`);
    }
  }
}
