import type { RecordTag } from './revisions';
/** Document Center (spec part 2): templates, documents, categories. */

export const DOCUMENT_TYPES = ['contract', 'form', 'template', 'invoice', 'proposal', 'agreement', 'custom'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_FILE_FORMATS = ['pdf', 'docx', 'html'] as const;
export type DocumentFileFormat = (typeof DOCUMENT_FILE_FORMATS)[number];

/**
 * Who may read a template or a document: `private` its creator and admins; `team` every signed-in
 * staff member; `organization` staff, and anyone holding the read-only share link its owner made.
 */
export const DOCUMENT_ACCESS_LEVELS = ['private', 'team', 'organization'] as const;
export type DocumentAccessLevel = (typeof DOCUMENT_ACCESS_LEVELS)[number];

export const DOCUMENT_STATUSES = ['draft', 'active', 'pending_signature', 'signed', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * The statuses a person sets with PUT /documents/{id} and from which: a draft is made active and an
 * active document taken back to draft. `pending_signature`, `signed` and `expired` belong to the
 * e-signature flow, which alone moves a document into them.
 */
export const DOCUMENT_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  draft: ['active'],
  active: ['draft'],
  pending_signature: [],
  signed: [],
  expired: [],
};

export function canMoveDocument(from: DocumentStatus, to: DocumentStatus): boolean {
  return DOCUMENT_TRANSITIONS[from].includes(to);
}

/** Statuses in which content and fields may still be edited (a document out for signature or signed is fixed). */
export const DOCUMENT_EDITABLE_STATUSES: readonly DocumentStatus[] = ['draft', 'active'];

/** The e-signature provider's status of a document's envelope (the spec's `docusign_status`); null until sent. */
export const DOCUSIGN_STATUSES = ['sent', 'delivered', 'completed', 'declined', 'voided'] as const;
export type DocusignStatus = (typeof DOCUSIGN_STATUSES)[number];

export interface DocumentSigner {
  name: string;
  email: string;
  role: string;
}

/** Values for a template's placeholders, by name. */
export type TemplateVariables = Record<string, string | number | boolean>;

export interface DocumentTemplate {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  title: string;
  description: string;
  type: DocumentType;
  category_id: string | null;
  /** Text or HTML with `{{placeholders}}` (and `{{#if name}}...{{/if}}` sections). */
  content: string;
  /** The placeholders the content uses, then any others declared with it (each once). */
  variables: string[];
  file_format: DocumentFileFormat;
  access_level: DocumentAccessLevel;
  created_by: string;
  tags: string[];
  /** How many documents were made from it (counted by the server). */
  usage_count: number;
  created_at: string;
  updated_at: string;
  /** Revision: send it back with an edit to avoid overwriting someone else's. */
  rev: number;
}

export interface Document {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  title: string;
  description: string;
  template_id: string | null;
  type: DocumentType;
  category_id: string | null;
  content: string;
  file_format: DocumentFileFormat;
  access_level: DocumentAccessLevel;
  signature_required: boolean;
  signers: DocumentSigner[];
  created_by: string;
  tags: string[];
  status: DocumentStatus;
  docusign_status: DocusignStatus | null;
  /** 1 when made; each edit of the content makes the next (GET /documents/{id}/versions). */
  version: number;
  /** Whether a read-only share link is out (organization documents only). */
  shared: boolean;
  /** The signature request once sent (signers' progress, deadline, hashes); null before. */
  signature: SignatureEnvelope | null;
  /** Set when the document was made for a quote's e-signature (the crm quote it belongs to). */
  quote_id: string | null;
  created_at: string;
  updated_at: string;
  rev: number;
}

/** One version of a document's content: the current one and every earlier one. */
export interface DocumentVersion {
  document_id: string;
  version: number;
  title: string;
  content: string;
  /** Who made this version (its creator for version 1, then whoever edited the content): their user id. */
  created_by: string;
  /** Their name, as the screens show it ('System' for the system); null when this service has not heard of them. */
  created_by_name: string | null;
  created_at: string;
  current: boolean;
}

/** POST /documents/{id}/share-link: the read-only link (a new one replaces any earlier, which stops working). */
export interface DocumentShareLink {
  token: string;
  /** Where the link opens, under the gateway's public address: GET `/api/documents/shared/{token}`. */
  url: string;
}

/** GET /documents/shared/{token}: what anyone holding the link reads, without its author inside the company. */
export type SharedDocument = Pick<
  Document,
  'id' | 'title' | 'description' | 'type' | 'content' | 'file_format' | 'status' | 'version' | 'updated_at'
>;

export interface DocumentCategory {
  id: string;
  name: string;
  description: string;
  color: string;
  icon: string;
  created_by: string;
  created_at: string;
  /** This revision's tag (see RecordTag). The store keeps it and `updated_at` with every write. */
  etag?: RecordTag;
  updated_at?: string;
}

/** GET /document-categories: each category with what the caller may read in it, counted. */
export interface DocumentCategoryWithCounts extends DocumentCategory {
  template_count: number;
  document_count: number;
}

/** POST /document-templates/{id}/preview: the content with the values given, and samples for the rest. */
export interface TemplatePreview {
  content: string;
  /** Placeholders no value was given for: shown as `[name]`. */
  missing_variables: string[];
}

export interface DocumentsSampleDataResult {
  created: { categories: number; templates: number; documents: number };
}

// ---------------------------------------------------------------------------------------------
// E-signature: the product is its own provider (the spec's `docusign_status`).

/** `sequential`: each signer is asked once the one before has signed (list order); `parallel`: all at once. */
export const SIGNING_ORDERS = ['sequential', 'parallel'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

/** A signer's state: `waiting` for an earlier signer, `sent` their link, `viewed` it, then signed or declined. */
export const SIGNER_STATUSES = ['waiting', 'sent', 'viewed', 'signed', 'declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/** How long signers have by default, and the longest a sender may give, in days. */
export const SIGNING_DEADLINE_DAYS_DEFAULT = 14;
export const SIGNING_DEADLINE_DAYS_MAX = 90;

/** Largest drawn signature (a PNG data URL), in characters. */
export const SIGNATURE_IMAGE_MAX = 200_000;

/** Largest content of a template or a document, in characters (it travels in events too). */
export const DOCUMENT_CONTENT_MAX = 200_000;

export interface SignatureSigner {
  name: string;
  email: string;
  role: string;
  /** 1-based place in the signing order (all 1 when parallel). */
  order: number;
  status: SignerStatus;
  viewed_at: string | null;
  signed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
}

/** A document's signature request (its envelope), on GET /documents/{id} once sent; null before. */
export interface SignatureEnvelope {
  signing_order: SigningOrder;
  email_subject: string;
  email_message: string;
  send_reminders: boolean;
  sent_by: string;
  sent_at: string;
  deadline_at: string;
  completed_at: string | null;
  signers: SignatureSigner[];
  /** SHA-256 (hex) of the PDF the signers were sent, and of the final signed PDF once complete. */
  sent_sha256: string;
  signed_sha256: string | null;
}

export const SIGNATURE_AUDIT_EVENTS = [
  'sent',
  'email_sent',
  'viewed',
  'signed',
  'declined',
  'reminded',
  'completed',
  'expired',
] as const;
export type SignatureAuditEventType = (typeof SIGNATURE_AUDIT_EVENTS)[number];

/** One line of a document's audit trail (GET /documents/{id}/audit-trail), oldest first. */
export interface SignatureAuditEvent {
  at: string;
  event: SignatureAuditEventType;
  signer_name: string | null;
  signer_email: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string;
}

/** The envelope as the audit trail shows it: with the sender's name beside their id. */
export interface AuditTrailEnvelope extends SignatureEnvelope {
  /** The sender's name ('System' for the system); null when this service has not heard of them. */
  sent_by_name: string | null;
}

export interface DocumentAuditTrail {
  document_id: string;
  title: string;
  status: DocumentStatus;
  docusign_status: DocusignStatus | null;
  envelope: AuditTrailEnvelope | null;
  events: SignatureAuditEvent[];
}

/**
 * GET /documents/signing/{token} (public, no staff sign-in): what the signer's page shows. The PDF is
 * at GET /documents/signing/{token}/pdf; signing POST .../sign, declining POST .../decline.
 */
export interface SigningSession {
  document_id: string;
  title: string;
  email_message: string;
  signer: { name: string; email: string; role: string; status: SignerStatus };
  /** True when this signer may sign now (their turn, the request open, not yet signed or declined). */
  can_sign: boolean;
  /** Why they cannot sign, when they cannot (for example whose signature comes first). */
  reason: string | null;
  document_status: DocumentStatus;
  deadline_at: string;
  signers: Array<{ name: string; role: string; order: number; status: SignerStatus }>;
}

/**
 * GET /documents/{id}/signing-links (its creator or an admin): a signer whose turn it is and their own
 * link, for the sender to hand over another way when the e-mail does not arrive.
 */
export interface SignerLink {
  name: string;
  email: string;
  status: SignerStatus;
  url: string;
}

/** POST /documents/verify: which document a PDF is and whether it is byte for byte the one signed. */
export interface DocumentVerification {
  verified: boolean;
  document_id: string | null;
  title: string | null;
  signed_at: string | null;
  sha256: string;
  detail: string;
}

/** POST /documents/convert (spec): base64 in, base64 PDF out. */
export const CONVERT_SOURCE_FORMATS = ['docx', 'xlsx', 'html', 'txt'] as const;
export type ConvertSourceFormat = (typeof CONVERT_SOURCE_FORMATS)[number];

export interface ConversionResult {
  converted_content: string;
  target_format: 'pdf';
}
