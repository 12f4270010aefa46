/**
 * What went wrong, in the domain's words. Services throw a DomainError with a code of their own
 * context (an enum in `<context>.errors.ts`, mapped there to one of these kinds by an exhaustive
 * switch); the exception filter turns the kind into the HTTP status. Repositories never throw HTTP.
 */
export type DomainErrorKind =
  | 'invalid' // the request cannot be carried out as given
  | 'unauthenticated' // who is asking is not established (wrong credentials)
  | 'forbidden' // the caller may not do this
  | 'not_found' // no such thing (or not visible to the caller)
  | 'conflict' // the state does not allow it (a transition from the wrong state, a duplicate)
  | 'stale' // changed by someone else since the caller read it
  | 'busy'; // other writers kept changing it; try again

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
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
      return 503;
    default: {
      const unknown: never = kind;
      throw new Error(`unknown domain error kind ${String(unknown)}`);
    }
  }
}
