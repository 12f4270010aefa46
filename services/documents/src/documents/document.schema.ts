import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FILE_FORMATS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  DOCUSIGN_STATUSES,
  type DocumentAccessLevel,
  type DocumentFileFormat,
  type DocumentSigner,
  type DocumentStatus,
  type DocumentType,
  type DocusignStatus,
  type SignatureAuditEventType,
  type SignerStatus,
  type SigningOrder,
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

/** One signer of a signature request, with what they gave when signing (kept inside: images, addresses). */
export interface SignerDoc {
  name: string;
  email: string;
  role: string;
  order: number;
  status: SignerStatus;
  /** When their invitation went out (null: due, sent by whoever gets there first, the sweep included). */
  mailed_at: Date | null;
  reminded_at: Date | null;
  viewed_at: Date | null;
  signed_at: Date | null;
  declined_at: Date | null;
  decline_reason: string | null;
  full_name: string | null;
  signature_type: 'typed' | 'drawn' | null;
  /** Typed text, or a PNG data URL. */
  signature: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditDoc {
  at: Date;
  event: SignatureAuditEventType;
  signer_name: string | null;
  signer_email: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string;
}

/** The signature request (envelope). `nonce` is in every signer's link: a new request voids the old links. */
export interface SignatureDoc {
  nonce: string;
  signing_order: SigningOrder;
  email_subject: string;
  email_message: string;
  send_reminders: boolean;
  sent_by: string;
  sent_at: Date;
  deadline_at: Date;
  /** When the reminder sweep next looks at it (null: no reminders, or none due any more). */
  next_reminder_at: Date | null;
  completed_at: Date | null;
  signers: SignerDoc[];
  sent_sha256: string;
  signed_sha256: string | null;
  audit: AuditDoc[];
}

export interface DocumentDoc {
  _id: Types.ObjectId;
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
  version: number;
  /** Who made the current version and when (kept with it in the versions once the next one is made). */
  version_created_by: string;
  version_created_at: Date;
  /** The signature request, once sent (the latest one). */
  signature: SignatureDoc | null;
  /** The crm quote this document was made to sign (the quote e-signature chain). */
  quote_id?: string;
  /** Secret: the read-only share link's token (organization documents); null when there is none. */
  share_token: string | null;
  live: boolean;
  deleted_at: Date | null;
  /** Set on documents made by the sample data: each is made once. */
  idempotency_key?: string;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

const SignerSchema = new Schema<DocumentSigner>(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    role: { type: String, default: 'signer' },
  },
  { _id: false },
);

export const DocumentSchema = new Schema<DocumentDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, default: '' },
    template_id: { type: String, default: null },
    type: { type: String, enum: DOCUMENT_TYPES, default: 'custom' },
    category_id: { type: String, default: null },
    content: { type: String, required: true },
    file_format: { type: String, enum: DOCUMENT_FILE_FORMATS, default: 'html' },
    access_level: { type: String, enum: DOCUMENT_ACCESS_LEVELS, default: 'private' },
    signature_required: { type: Boolean, default: false },
    signers: { type: [SignerSchema], default: [] },
    created_by: { type: String, required: true },
    tags: { type: [String], default: [] },
    status: { type: String, enum: DOCUMENT_STATUSES, default: 'draft' },
    docusign_status: { type: String, enum: [...DOCUSIGN_STATUSES, null], default: null },
    version: { type: Number, default: 1 },
    version_created_by: { type: String, required: true },
    version_created_at: { type: Date, required: true },
    // Written only by the signing service's conditional updates (no schema: kept as given).
    signature: { type: Schema.Types.Mixed, default: null },
    // Absent unless made for a quote (the unique index is sparse: absent fields are left out of it).
    quote_id: { type: String },
    share_token: { type: String, default: null },
    live: { type: Boolean, default: true },
    deleted_at: { type: Date, default: null },
    idempotency_key: { type: String },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'documents',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// The list, newest first, with and without the category chip or a status filter.
DocumentSchema.index({ live: 1, created_at: -1, _id: -1 });
DocumentSchema.index({ live: 1, category_id: 1, created_at: -1, _id: -1 });
DocumentSchema.index({ live: 1, status: 1, created_at: -1, _id: -1 });
// A non-admin's list: their own documents (the shared ones are found through access_level).
DocumentSchema.index({ live: 1, created_by: 1, created_at: -1 });
// Opening a share link (tokens are 256 random bits: a lookup, not a uniqueness guard).
DocumentSchema.index({ share_token: 1 });
// The signing sweep: requests out whose reminder or deadline is due.
DocumentSchema.index({ status: 1, 'signature.next_reminder_at': 1 });
DocumentSchema.index({ status: 1, 'signature.deadline_at': 1 });
// POST /documents/verify: a signed PDF's hash names its document.
DocumentSchema.index({ 'signature.signed_sha256': 1 }, { sparse: true });
// One document per quote sent for e-signature (sparse: other documents have none).
DocumentSchema.index({ quote_id: 1 }, { unique: true, sparse: true });
// A sample document, once (sparse: documents made by people have no key).
DocumentSchema.index({ idempotency_key: 1 }, { unique: true, sparse: true });
