import { changedOr, isDuplicateKey, type ChangeResult } from '@sixa/mongo';
import { contextError } from '@sixa/observability';

/** Every way a crm request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
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

export class CrmError extends contextError<CrmErrorCode>({
  [CrmErrorCode.LeadNotFound]: 'not_found',
  [CrmErrorCode.LeadEmailTaken]: 'conflict',
  [CrmErrorCode.LeadChanged]: 'stale',
  [CrmErrorCode.ScoreOverrideAdminOnly]: 'forbidden',
  [CrmErrorCode.ImportNotCsv]: 'invalid',
  [CrmErrorCode.QuoteNotFound]: 'not_found',
  [CrmErrorCode.QuoteNotDraft]: 'conflict',
  [CrmErrorCode.QuoteLocked]: 'conflict',
  [CrmErrorCode.QuoteExpiryPassed]: 'invalid',
  [CrmErrorCode.QuoteClosed]: 'conflict',
  [CrmErrorCode.QuoteChanged]: 'stale',
  [CrmErrorCode.QuoteLinkInvalid]: 'not_found',
  [CrmErrorCode.QuoteSignatureIncomplete]: 'invalid',
  [CrmErrorCode.QuoteSignedByDocument]: 'conflict',
  [CrmErrorCode.UnknownProduct]: 'invalid',
  [CrmErrorCode.Busy]: 'busy',
  [CrmErrorCode.DemoOnly]: 'not_found',
}) {}

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
