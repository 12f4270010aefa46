import { DocumentsError, DocumentsErrorCode } from '../documents.errors';
import type { AuditDoc, SignatureDoc, SignerDoc } from '../documents/document.schema';

export const DAY_MS = 86_400_000;

/** Who is asking on a public signing page: what the audit trail records of them. */
export interface SignerClient {
  ip: string | null;
  userAgent: string | null;
}

export const notFound = () => new DocumentsError(DocumentsErrorCode.DocumentNotFound, 'Document not found');
export const linkInvalid = () =>
  new DocumentsError(
    DocumentsErrorCode.SigningLinkInvalid,
    'This signing link is not valid (it may have been mistyped, or the request was withdrawn or replaced)',
  );
export const notOpen = (why: string) => new DocumentsError(DocumentsErrorCode.SigningNotOpen, why);

/** A line of a request's audit trail, now. */
export const audit = (
  event: AuditDoc['event'],
  detail: string,
  who?: SignerDoc | null,
  client?: SignerClient,
): AuditDoc => ({
  at: new Date(),
  event,
  signer_name: who?.name ?? null,
  signer_email: who?.email ?? null,
  ip: client?.ip ?? null,
  user_agent: client?.userAgent?.slice(0, 512) ?? null,
  detail,
});

/** Whether it is this signer's turn: parallel requests, or every signer before them in the order has signed. */
export function isTurn(sig: SignatureDoc, index: number): boolean {
  const me = sig.signers[index];
  return sig.signers.every((s) => s.order >= me.order || s.status === 'signed');
}

/** A document's title as a file name. */
export const fileNameOf = (title: string) => title.replace(/[^\w .-]/g, '_');
