import type { Document, DocumentStatus, EventEnvelope } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'documents';

export const documentCreated = (actor: string, document: Document, variables: string[]) =>
  createEvent(SOURCE, 'document.created', document.id, actor, {
    document,
    template_id: document.template_id,
    variables,
  });

/** Fields whose before/after the event carries (the content itself is in `document`: it may be long). */
const COMPARED = [
  'title',
  'description',
  'type',
  'category_id',
  'file_format',
  'access_level',
  'signature_required',
  'signers',
  'tags',
  'version',
  'shared',
] as const;

/** What changed (the content among `changed_fields` when it did); none, no event. */
export function documentUpdated(actor: string, before: Document, after: Document): EventEnvelope[] {
  const fields: string[] = COMPARED.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (before.content !== after.content) fields.push('content');
  if (!fields.length) return [];
  const pick = (d: Document) =>
    Object.fromEntries(fields.filter((f) => f !== 'content').map((f) => [f, d[f as keyof Document]]));
  return [
    createEvent(SOURCE, 'document.updated', after.id, actor, {
      document: after,
      changed_fields: fields,
      before: pick(before),
      after: pick(after),
    }),
  ];
}

export const documentStatusChanged = (actor: string, document: Document, from: DocumentStatus) =>
  createEvent(SOURCE, 'document.status_changed', document.id, actor, { document, from, to: document.status });

export const documentDeleted = (actor: string, document: Document) =>
  createEvent(SOURCE, 'document.deleted', document.id, actor, { document });

export const documentSentForSignature = (actor: string, document: Document, signingUrl: string | null) =>
  createEvent(SOURCE, 'document.sent_for_signature', document.id, actor, {
    document,
    quote_id: document.quote_id,
    // Only for a quote's document: crm shows the customer their own signing link on the quote page.
    ...(document.quote_id && signingUrl ? { customer_signing_url: signingUrl } : {}),
  });

export const documentViewed = (document: Document, signerEmail: string) =>
  createEvent(SOURCE, 'document.viewed', document.id, 'signer', { document, signer_email: signerEmail });

export const documentSigned = (
  document: Document,
  signer: { email: string; name: string; ip: string | null; user_agent: string | null },
  completed: boolean,
) =>
  createEvent(SOURCE, 'document.signed', document.id, completed ? 'system' : 'signer', {
    document,
    signer_email: signer.email,
    signer_name: signer.name,
    signer_ip: signer.ip,
    signer_user_agent: signer.user_agent,
    completed,
    quote_id: document.quote_id,
  });

export const documentDeclined = (document: Document, signerEmail: string, reason: string) =>
  createEvent(SOURCE, 'document.declined', document.id, 'signer', {
    document,
    signer_email: signerEmail,
    reason,
    quote_id: document.quote_id,
  });

export const documentExpired = (document: Document) =>
  createEvent(SOURCE, 'document.expired', document.id, 'system', { document, quote_id: document.quote_id });
