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
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

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
// A sample document, once (sparse: documents made by people have no key).
DocumentSchema.index({ idempotency_key: 1 }, { unique: true, sparse: true });
