import { changedOr, type ChangeResult } from '@sixa/mongo';
import { contextError } from '@sixa/observability';

/** Every way a Document Center request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
export enum DocumentsErrorCode {
  /** Also what a caller gets for a document or template they may not read: no existence leak. */
  DocumentNotFound = 'DOCUMENT_NOT_FOUND',
  TemplateNotFound = 'TEMPLATE_NOT_FOUND',
  CategoryNotFound = 'CATEGORY_NOT_FOUND',
  ShareLinkInvalid = 'SHARE_LINK_INVALID',
  DocumentChanged = 'DOCUMENT_CHANGED',
  TemplateChanged = 'TEMPLATE_CHANGED',
  /** The document's status does not allow this (a transition from the wrong state, an edit of a signed document). */
  DocumentWrongState = 'DOCUMENT_WRONG_STATE',
  /** Share links are for organization documents. */
  ShareLinkNotAllowed = 'SHARE_LINK_NOT_ALLOWED',
  CategoryNameTaken = 'CATEGORY_NAME_TAKEN',
  CategoryInUse = 'CATEGORY_IN_USE',
  MissingVariables = 'MISSING_VARIABLES',
  TemplateInvalid = 'TEMPLATE_INVALID',
  InvalidInput = 'INVALID_INPUT',
  /** Only the creator or an admin may do this to a document or template others can read. */
  NotOwner = 'NOT_OWNER',
  Busy = 'BUSY',
  DemoOnly = 'DEMO_ONLY',
  /** A signing link that was forged, cut, or belongs to a request withdrawn or replaced since. */
  SigningLinkInvalid = 'SIGNING_LINK_INVALID',
  /** The request's deadline has passed. */
  SigningLinkExpired = 'SIGNING_LINK_EXPIRED',
  /** The signer cannot sign or decline now: not their turn, already done, or the request is closed. */
  SigningNotOpen = 'SIGNING_NOT_OPEN',
  /** The document has not been signed (no signed PDF yet). */
  NotSigned = 'NOT_SIGNED',
}

export class DocumentsError extends contextError<DocumentsErrorCode>({
  [DocumentsErrorCode.DocumentNotFound]: 'not_found',
  [DocumentsErrorCode.TemplateNotFound]: 'not_found',
  [DocumentsErrorCode.CategoryNotFound]: 'not_found',
  [DocumentsErrorCode.ShareLinkInvalid]: 'not_found',
  [DocumentsErrorCode.DocumentChanged]: 'stale',
  [DocumentsErrorCode.TemplateChanged]: 'stale',
  [DocumentsErrorCode.DocumentWrongState]: 'conflict',
  [DocumentsErrorCode.ShareLinkNotAllowed]: 'conflict',
  [DocumentsErrorCode.CategoryNameTaken]: 'conflict',
  [DocumentsErrorCode.CategoryInUse]: 'conflict',
  [DocumentsErrorCode.MissingVariables]: 'invalid',
  [DocumentsErrorCode.TemplateInvalid]: 'invalid',
  [DocumentsErrorCode.InvalidInput]: 'invalid',
  [DocumentsErrorCode.NotOwner]: 'forbidden',
  [DocumentsErrorCode.Busy]: 'busy',
  [DocumentsErrorCode.DemoOnly]: 'not_found',
  [DocumentsErrorCode.SigningLinkInvalid]: 'not_found',
  [DocumentsErrorCode.SigningLinkExpired]: 'conflict',
  [DocumentsErrorCode.SigningNotOpen]: 'conflict',
  [DocumentsErrorCode.NotSigned]: 'conflict',
}) {}

/** What a change of a document or template means for the caller: the value, or the error that says why not. */
export function changedOrThrow<T extends { rev: number }>(
  result: ChangeResult<T>,
  what: 'document' | 'template',
  missing: () => DocumentsError,
): T {
  return changedOr(result, what, {
    missing,
    stale: (detail) =>
      new DocumentsError(
        what === 'document' ? DocumentsErrorCode.DocumentChanged : DocumentsErrorCode.TemplateChanged,
        detail,
      ),
    busy: (detail) => new DocumentsError(DocumentsErrorCode.Busy, detail),
  });
}
