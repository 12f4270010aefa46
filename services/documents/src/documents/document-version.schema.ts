import { Schema } from 'mongoose';

/** An earlier version of a document's content, kept when the next one is made. */
export interface DocumentVersionDoc {
  /** `<document id>:<version>`: a snapshot is written once, whoever writes it (a retried edit, a second replica). */
  _id: string;
  document_id: string;
  version: number;
  title: string;
  content: string;
  created_by: string;
  created_at: Date;
}

export const DocumentVersionSchema = new Schema<DocumentVersionDoc>(
  {
    _id: { type: String, required: true },
    document_id: { type: String, required: true },
    version: { type: Number, required: true },
    title: { type: String, required: true },
    content: { type: String, required: true },
    created_by: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'document_versions', versionKey: false },
);

// One snapshot per version of a document; also the versions list, newest first.
DocumentVersionSchema.index({ document_id: 1, version: -1 }, { unique: true });
