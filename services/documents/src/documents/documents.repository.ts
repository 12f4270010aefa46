import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { Document, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  escapeRegex,
  InjectConnection,
  isObjectId,
  type Change,
  type ChangeOptions,
  type ChangeResult,
  type Page,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { readableFilter } from '../access';
import { DocumentSchema, type DocumentDoc } from './document.schema';
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

@Injectable()
export class DocumentsRepository extends BaseRepository<DocumentDoc, Document> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<DocumentDoc>('Document', DocumentSchema), relay, INTERNAL);
  }

  async onModuleInit() {
    await this.init();
  }

  /** The API's document: the share token stays inside; whether there is one is `shared`. */
  override map(doc: unknown): Document {
    return { ...super.map(doc), shared: Boolean((doc as Partial<DocumentDoc>).share_token) };
  }

  list(actor: AuthUser, q: ListDocumentsQuery): Promise<Page<Document>> {
    const and: QueryFilter<DocumentDoc>[] = [LIVE, readableFilter(actor) as QueryFilter<DocumentDoc>];
    if (q.category_id) and.push({ category_id: q.category_id });
    if (q.status) and.push({ status: q.status });
    if (q.type) and.push({ type: q.type });
    if (q.template_id) and.push({ template_id: q.template_id });
    if (q.q?.trim()) {
      const re = { $regex: escapeRegex(q.q.trim()), $options: 'i' };
      and.push({ $or: [{ title: re }, { description: re }, { tags: re }] });
    }
    return this.page({ $and: and }, { field: 'created_at', direction: -1 }, q);
  }

  /** The stored document (with its bookkeeping), live only. */
  async findLiveDoc(id: string): Promise<DocumentDoc | null> {
    if (!isObjectId(id)) return null;
    return (await this.model.findOne({ _id: id, ...LIVE }).lean()) as DocumentDoc | null;
  }

  /** The organization document a share link opens; null for a revoked link or a document no longer shared. */
  async findShared(token: string): Promise<Document | null> {
    const doc = await this.model.findOne({ share_token: token, access_level: 'organization', ...LIVE }).lean();
    return doc ? this.map(doc) : null;
  }

  create(data: Partial<DocumentDoc>, events: (d: Document) => EventEnvelope[]): Promise<Document> {
    return this.insert(data, events);
  }

  findByKey(key: string): Promise<Document | null> {
    return this.model
      .findOne({ idempotency_key: key })
      .lean()
      .then((d) => (d ? this.map(d) : null));
  }

  /** Changes one live document matching `where` as well (its status, its version): see BaseRepository.change. */
  changeById(
    id: string,
    where: QueryFilter<DocumentDoc>,
    compute: (current: DocumentDoc) => Change<DocumentDoc, Document> | null,
    opts?: ChangeOptions,
  ): Promise<ChangeResult<Document>> {
    if (!isObjectId(id)) return Promise.resolve({ status: 'missing' });
    return this.change({ ...where, _id: id, ...LIVE }, compute, opts);
  }

  /** Live documents per category among those the caller may read. */
  async countByCategory(actor: AuthUser): Promise<Map<string, number>> {
    const rows = await this.store.summarise(
      this.model.collection,
      { ...LIVE, ...readableFilter(actor) },
      {
        by: 'category_id',
      },
    );
    return new Map(rows.filter((r) => r.key).map((r) => [String(r.key), r.count]));
  }
}
