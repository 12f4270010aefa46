import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Binary } from 'mongodb';
import type { Connection } from 'mongoose';

interface FileDoc {
  /** `<document id>:<request nonce>:sent|signed`. */
  _id: string;
  document_id: string;
  kind: 'sent' | 'signed';
  sha256: string;
  data: Binary | Buffer;
  created_at: Date;
}

/** A PDF of a signature request: as sent to the signers, or as sealed once everyone signed. */
export interface SignatureFile {
  sha256: string;
  bytes: Buffer;
}

const keyOf = (documentId: string, nonce: string, kind: FileDoc['kind']) => `${documentId}:${nonce}:${kind}`;

const bytesOf = (data: Binary | Buffer): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from((data as Binary).buffer as Uint8Array);

/**
 * The PDFs of signature requests, each stored once under its request (the nonce) and kind: a file
 * never changes, so a second store of the same one (a retried seal) keeps the first.
 */
@Injectable()
export class SignatureFilesRepository extends CollectionRepository<FileDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<FileDoc>('signature_files'));
  }

  async get(documentId: string, nonce: string, kind: FileDoc['kind']): Promise<SignatureFile | null> {
    const file = await this.findById(keyOf(documentId, nonce, kind));
    return file ? { sha256: file.sha256, bytes: bytesOf(file.data) } : null;
  }

  /** Stores the file unless one is stored under its key already (false: that one stays). */
  keep(
    documentId: string,
    nonce: string,
    kind: FileDoc['kind'],
    file: { sha256: string; bytes: Uint8Array },
    at = new Date(),
  ): Promise<boolean> {
    return this.insertOnce({
      _id: keyOf(documentId, nonce, kind),
      document_id: documentId,
      kind,
      sha256: file.sha256,
      data: Buffer.from(file.bytes),
      created_at: at,
    });
  }
}
