import { Injectable } from '@nestjs/common';
import type { Change, ChangeResult } from '@sixa/mongo';
import type { Document } from '@sixa/contracts';
import type { DocumentDoc } from '../documents/document.schema';
import { DocumentsRepository } from '../documents/documents.repository';

type Compute = (current: DocumentDoc) => Change<DocumentDoc, Document> | null;

/**
 * Signature requests, as they are kept: the `signature` of a live document. Every change is one
 * conditional update of the document, matched on the request's nonce (a withdrawn or replaced
 * request is never changed by a late step) and, for a step of an open request, on its status.
 */
@Injectable()
export class SignatureRequestsRepository {
  constructor(private readonly documents: DocumentsRepository) {}

  findLive(id: string): Promise<DocumentDoc | null> {
    return this.documents.findLiveDoc(id);
  }

  findById(id: string): Promise<Document | null> {
    return this.documents.findById(id);
  }

  toApi(doc: DocumentDoc): Document {
    return this.documents.map(doc);
  }

  /** The live document whose signed PDF has this SHA-256. */
  bySignedHash(hash: string): Promise<DocumentDoc | null> {
    return this.documents.findBySignedHash(hash);
  }

  /** Requests out for signature, oldest deadline first. */
  pending(limit: number): Promise<DocumentDoc[]> {
    return this.documents.pendingSignature(limit);
  }

  /** A new request on an active document of this version (one that requires a signature). */
  start(id: string, version: number, compute: Compute): Promise<ChangeResult<Document>> {
    return this.documents.changeIf(id, { status: 'active', signature_required: true, version }, compute);
  }

  /** A change of this request, whatever the document's status (its bookkeeping: a mail sent). */
  change(id: string, nonce: string, compute: Compute): Promise<ChangeResult<Document>> {
    return this.documents.changeIf(id, { 'signature.nonce': nonce }, compute);
  }

  /** A step of this request while it is open (out for signature). */
  changeOpen(id: string, nonce: string, compute: Compute): Promise<ChangeResult<Document>> {
    return this.documents.changeIf(id, { status: 'pending_signature', 'signature.nonce': nonce }, compute);
  }
}
