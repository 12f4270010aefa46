import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { Document, SignatureEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  type Change,
  type ChangeOptions,
  type ChangeResult,
  InjectConnection,
  type Page,
  textMatch,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { readableFilter } from '../access';
import { DocumentSchema, type DocumentDoc, type SignatureDoc } from './document.schema';
import type { ListDocumentsQuery } from './documents.query';

const INTERNAL = [
  'share_token',
  'version_created_by',
  'version_created_at',
  'live',
  'deleted_at',
  'idempotency_key',
  'applied_events',
];
const LIVE = { live: true };

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** The signature request as the API shows it: progress and hashes, without the link nonce, signatures or addresses. */
export function envelopeOf(s: SignatureDoc): SignatureEnvelope {
  return {
    signing_order: s.signing_order,
    email_subject: s.email_subject,
    email_message: s.email_message,
    send_reminders: s.send_reminders,
    sent_by: s.sent_by,
    sent_at: iso(s.sent_at)!,
    deadline_at: iso(s.deadline_at)!,
    completed_at: iso(s.completed_at),
    signers: s.signers.map((x) => ({
      name: x.name,
      email: x.email,
      role: x.role,
      order: x.order,
      status: x.status,
      viewed_at: iso(x.viewed_at),
      signed_at: iso(x.signed_at),
      declined_at: iso(x.declined_at),
      decline_reason: x.decline_reason,
    })),
    sent_sha256: s.sent_sha256,
    signed_sha256: s.signed_sha256,
  };
}

@Injectable()
export class DocumentsRepository extends BaseRepository<DocumentDoc, Document> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<DocumentDoc>('Document', DocumentSchema), { outbox: relay, omit: INTERNAL, live: LIVE });
  }

  /** The API's document: the share token stays inside; whether there is one is `shared`. */
  override map(doc: unknown): Document {
    const d = doc as Partial<DocumentDoc>;
    return {
      ...super.map(doc),
      shared: Boolean(d.share_token),
      signature: d.signature ? envelopeOf(d.signature) : null,
      quote_id: d.quote_id ?? null,
    };
  }

  list(actor: AuthUser, q: ListDocumentsQuery): Promise<Page<Document>> {
    const and: QueryFilter<DocumentDoc>[] = [LIVE, readableFilter(actor) as QueryFilter<DocumentDoc>];
    if (q.category_id) and.push({ category_id: q.category_id });
    if (q.status) and.push({ status: q.status });
    if (q.type) and.push({ type: q.type });
    if (q.template_id) and.push({ template_id: q.template_id });
    const text = textMatch(q.q, ['title', 'description', 'tags']);
    if (text) and.push(text);
    return this.page({ $and: and }, { field: 'created_at', direction: -1 }, q);
  }

  /** The organization document a share link opens; null for a revoked link or a document no longer shared. */
  async findShared(token: string): Promise<Document | null> {
    const doc = await this.model.findOne({ share_token: token, access_level: 'organization', ...LIVE }).lean();
    return doc ? this.map(doc) : null;
  }

  findByKey(key: string): Promise<Document | null> {
    return this.model
      .findOne({ idempotency_key: key })
      .lean()
      .then((d) => (d ? this.map(d) : null));
  }

  /** Changes one live document matching `where` as well (its status, its version): see BaseRepository.change. */
  changeIf(
    id: string,
    where: QueryFilter<DocumentDoc>,
    compute: (current: DocumentDoc) => Change<DocumentDoc, Document> | null,
    opts?: ChangeOptions,
  ): Promise<ChangeResult<Document>> {
    return this.changeById(id, compute, opts, where);
  }

  /** The live document whose signed PDF has this SHA-256 (POST /documents/verify). */
  async findBySignedHash(hash: string): Promise<DocumentDoc | null> {
    return (await this.model.findOne({ 'signature.signed_sha256': hash, ...LIVE }).lean()) as DocumentDoc | null;
  }

  /** Requests out for signature, oldest deadline first (the signing sweep). */
  async pendingSignature(limit: number): Promise<DocumentDoc[]> {
    return (
      (await this.model
        .find({ status: 'pending_signature', ...LIVE })
        // What the sweep decides on: not the content, nor events already out.
        .select({ content: 0, outbox: 0 })
        .sort({ 'signature.deadline_at': 1 })
        .limit(limit)
        .lean()) as DocumentDoc[]
    );
  }

  /** The document made for a crm quote (the quote e-signature chain), live or not. */
  async findByQuote(quoteId: string): Promise<DocumentDoc | null> {
    return (await this.model.findOne({ quote_id: quoteId }).lean()) as DocumentDoc | null;
  }

  /** Live documents per category among those the caller may read. */
  async countByCategory(actor: AuthUser): Promise<Map<string, number>> {
    const rows = await this.summarise({ ...LIVE, ...readableFilter(actor) }, { by: 'category_id' });
    return new Map(rows.filter((r) => r.key).map((r) => [String(r.key), r.count]));
  }
}
