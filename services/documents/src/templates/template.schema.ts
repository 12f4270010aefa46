import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FILE_FORMATS,
  DOCUMENT_TYPES,
  type DocumentAccessLevel,
  type DocumentFileFormat,
  type DocumentType,
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface TemplateDoc {
  _id: Types.ObjectId;
  title: string;
  description: string;
  type: DocumentType;
  category_id: string | null;
  content: string;
  variables: string[];
  file_format: DocumentFileFormat;
  access_level: DocumentAccessLevel;
  created_by: string;
  tags: string[];
  usage_count: number;
  /** False once deleted (see the tasks' `live`): every query filters on it. */
  live: boolean;
  /** Soft delete: the template goes once its deleted event is out. */
  deleted_at: Date | null;
  /** Set on templates made by the sample data: each is made once. */
  idempotency_key?: string;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

export const TemplateSchema = new Schema<TemplateDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, default: '' },
    type: { type: String, enum: DOCUMENT_TYPES, default: 'custom' },
    category_id: { type: String, default: null },
    content: { type: String, required: true },
    variables: { type: [String], default: [] },
    file_format: { type: String, enum: DOCUMENT_FILE_FORMATS, default: 'html' },
    access_level: { type: String, enum: DOCUMENT_ACCESS_LEVELS, default: 'team' },
    created_by: { type: String, required: true },
    tags: { type: [String], default: [] },
    usage_count: { type: Number, default: 0 },
    live: { type: Boolean, default: true },
    deleted_at: { type: Date, default: null },
    idempotency_key: { type: String },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'templates',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// The list, newest first, with and without the category chip.
TemplateSchema.index({ live: 1, created_at: -1, _id: -1 });
TemplateSchema.index({ live: 1, category_id: 1, created_at: -1, _id: -1 });
// A sample template, once (sparse: templates made by people have no key).
TemplateSchema.index({ idempotency_key: 1 }, { unique: true, sparse: true });
