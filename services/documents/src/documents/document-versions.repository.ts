import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DocumentVersion } from '@sixa/contracts';
import { InjectConnection, isDuplicateKey } from '@sixa/mongo';
import type { Connection, Model } from 'mongoose';
import type { DocumentDoc } from './document.schema';
import { DocumentVersionSchema, type DocumentVersionDoc } from './document-version.schema';

/** Earlier versions of documents' content: written once each, never changed. */
@Injectable()
export class DocumentVersionsRepository implements OnModuleInit {
  private readonly model: Model<DocumentVersionDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.model = connection.model<DocumentVersionDoc>('DocumentVersion', DocumentVersionSchema);
  }

  async onModuleInit() {
    await this.model.init();
  }

  /**
   * Keeps the document's current version before the next one replaces it. Idempotent: the version's
   * content never changes, so a snapshot already there (a retried or concurrent edit) is the same.
   */
  async keep(doc: DocumentDoc): Promise<void> {
    const id = String(doc._id);
    try {
      await this.model.create({
        _id: `${id}:${doc.version}`,
        document_id: id,
        version: doc.version,
        title: doc.title,
        content: doc.content,
        created_by: doc.version_created_by,
        created_at: doc.version_created_at,
      });
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
  }

  /** The earlier versions, newest first (their makers by id: DocumentsService names them). */
  async earlier(documentId: string, below: number): Promise<Omit<DocumentVersion, 'created_by_name'>[]> {
    const docs = await this.model
      .find({ document_id: documentId, version: { $lt: below } })
      .sort({ version: -1 })
      .lean();
    return docs.map((d) => ({
      document_id: d.document_id,
      version: d.version,
      title: d.title,
      content: d.content,
      created_by: d.created_by,
      created_at: d.created_at.toISOString(),
      current: false,
    }));
  }

  async removeAll(documentId: string): Promise<void> {
    await this.model.deleteMany({ document_id: documentId });
  }
}
