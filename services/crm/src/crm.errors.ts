import { changedOr, isDuplicateKey, type ChangeResult } from '@sixa/mongo';
import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a crm request can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
export enum CrmErrorCode {
  LeadNotFound = 'LEAD_NOT_FOUND',
  LeadEmailTaken = 'LEAD_EMAIL_TAKEN',
  LeadChanged = 'LEAD_CHANGED',
  ScoreOverrideAdminOnly = 'SCORE_OVERRIDE_ADMIN_ONLY',
  ImportNotCsv = 'IMPORT_NOT_CSV',
  QuoteNotFound = 'QUOTE_NOT_FOUND',
  QuoteNotDraft = 'QUOTE_NOT_DRAFT',
  /** An edit of what a sent (or decided) quote no longer lets change. */
  QuoteLocked = 'QUOTE_LOCKED',
  /** A sent quote's new expiry would already have passed. */
  QuoteExpiryPassed = 'QUOTE_EXPIRY_PASSED',
  QuoteClosed = 'QUOTE_CLOSED',
  QuoteChanged = 'QUOTE_CHANGED',
  QuoteLinkInvalid = 'QUOTE_LINK_INVALID',
  QuoteSignatureIncomplete = 'QUOTE_SIGNATURE_INCOMPLETE',
  /** A quote whose document is out for e-signature is accepted by signing it, not by a click. */
  QuoteSignedByDocument = 'QUOTE_SIGNED_BY_DOCUMENT',
  UnknownProduct = 'UNKNOWN_PRODUCT',
  Busy = 'BUSY',
  DemoOnly = 'DEMO_ONLY',
}

function kindOf(code: CrmErrorCode): DomainErrorKind {
  switch (code) {
    case CrmErrorCode.LeadNotFound:
    case CrmErrorCode.QuoteNotFound:
    case CrmErrorCode.QuoteLinkInvalid:
    case CrmErrorCode.DemoOnly:
      return 'not_found';
    case CrmErrorCode.LeadEmailTaken:
    case CrmErrorCode.QuoteNotDraft:
    case CrmErrorCode.QuoteLocked:
    case CrmErrorCode.QuoteClosed:
    case CrmErrorCode.QuoteSignedByDocument:
      return 'conflict';
    case CrmErrorCode.LeadChanged:
    case CrmErrorCode.QuoteChanged:
      return 'stale';
    case CrmErrorCode.ScoreOverrideAdminOnly:
      return 'forbidden';
    case CrmErrorCode.ImportNotCsv:
    case CrmErrorCode.QuoteSignatureIncomplete:
    case CrmErrorCode.QuoteExpiryPassed:
    case CrmErrorCode.UnknownProduct:
      return 'invalid';
    case CrmErrorCode.Busy:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped crm error ${String(unknown)}`);
    }
  }
}

export class CrmError extends DomainError {
  constructor(code: CrmErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}

export { isDuplicateKey };

/**
 * What a change of a lead or a quote means for the caller: the value, or the error that explains why
 * not (`missing` depends on what the change required: not found, or no longer in the right state).
 */
export function changedOrThrow<T extends { rev: number }>(
  result: ChangeResult<T>,
  what: 'lead' | 'quote',
  missing: () => CrmError,
): T {
  return changedOr(result, what, {
    missing,
    stale: (detail) => new CrmError(what === 'lead' ? CrmErrorCode.LeadChanged : CrmErrorCode.QuoteChanged, detail),
    busy: (detail) => new CrmError(CrmErrorCode.Busy, detail),
  });
}
