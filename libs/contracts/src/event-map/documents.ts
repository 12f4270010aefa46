import type { Document, DocumentCategory, DocumentStatus, DocumentTemplate } from '../documents';
import { TOPICS, type Topic } from './topics';

/** The events of documents (templates, categories, documents, signatures), and their data. */
export interface DocumentsEvents {
  'document_template.created': { template: DocumentTemplate };
  'document_template.updated': {
    template: DocumentTemplate;
    changed_fields: string[];
    before: Partial<DocumentTemplate>;
    after: Partial<DocumentTemplate>;
  };
  'document_template.deleted': { template: DocumentTemplate };
  'document_category.created': { category: DocumentCategory };
  /** `template_id` and the variables' names when it was made from a template. */
  'document.created': { document: Document; template_id: string | null; variables: string[] };
  /**
   * What changed (`content` among `changed_fields` with a new `version`; before/after hold the other
   * fields, the content itself is in `document`). A status move is also `document.status_changed`.
   */
  'document.updated': {
    document: Document;
    changed_fields: string[];
    before: Partial<Document>;
    after: Partial<Document>;
  };
  'document.status_changed': { document: Document; from: DocumentStatus; to: DocumentStatus };
  'document.deleted': { document: Document };
  /** Signers' links mailed (the first in order, or all when parallel). */
  'document.sent_for_signature': {
    document: Document;
    quote_id: string | null;
    customer_signing_url?: string;
  };
  /** A signer opened their signing page (first time only). */
  'document.viewed': { document: Document; signer_email: string };
  /** One signer signed; `completed` when it was the last (then the document is `signed`). */
  'document.signed': {
    document: Document;
    signer_email: string;
    signer_name: string;
    signer_ip: string | null;
    signer_user_agent: string | null;
    completed: boolean;
    quote_id: string | null;
  };
  'document.declined': { document: Document; signer_email: string; reason: string; quote_id: string | null };
  'document.expired': { document: Document; quote_id: string | null };
}

/** Which topic each of them is published on. */
export const DOCUMENTS_EVENT_TOPICS: { [K in keyof DocumentsEvents]: Topic } = {
  'document_template.created': TOPICS.documents,
  'document_template.updated': TOPICS.documents,
  'document_template.deleted': TOPICS.documents,
  'document_category.created': TOPICS.documents,
  'document.created': TOPICS.documents,
  'document.updated': TOPICS.documents,
  'document.status_changed': TOPICS.documents,
  'document.deleted': TOPICS.documents,
  'document.sent_for_signature': TOPICS.documents,
  'document.viewed': TOPICS.documents,
  'document.signed': TOPICS.documents,
  'document.declined': TOPICS.documents,
  'document.expired': TOPICS.documents,
};
