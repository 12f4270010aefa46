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
  /** Who made this version (its creator for version 1, then whoever edited the content). */
  created_by: string;
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
