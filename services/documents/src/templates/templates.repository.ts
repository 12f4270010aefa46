import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { DocumentTemplate } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, type Page, textMatch } from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { readableFilter } from '../access';
import { TemplateSchema, type TemplateDoc } from './template.schema';
import type { ListTemplatesQuery } from './templates.query';

const LIVE = { live: true };

@Injectable()
export class TemplatesRepository extends BaseRepository<TemplateDoc, DocumentTemplate> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<TemplateDoc>('DocumentTemplate', TemplateSchema), {
      outbox: relay,
      omit: ['live', 'deleted_at', 'idempotency_key'],
      live: LIVE,
    });
  }

  list(actor: AuthUser, q: ListTemplatesQuery): Promise<Page<DocumentTemplate>> {
    const and: QueryFilter<TemplateDoc>[] = [LIVE, readableFilter(actor) as QueryFilter<TemplateDoc>];
    if (q.category_id) and.push({ category_id: q.category_id });
    if (q.type) and.push({ type: q.type });
    const text = textMatch(q.q, ['title', 'description', 'tags']);
    if (text) and.push(text);
    return this.page({ $and: and }, { field: 'created_at', direction: -1 }, q);
  }

  async findByKey(key: string): Promise<DocumentTemplate | null> {
    const doc = await this.model.findOne({ idempotency_key: key }).lean();
    return doc ? this.map(doc) : null;
  }

  /** One more document made from it: a counter ($inc), so it neither takes a revision nor loses a count. */
  async countUse(id: string): Promise<void> {
    await this.updateById(id, { $inc: { usage_count: 1 } });
  }

  /** Live templates per category among those the caller may read. */
  async countByCategory(actor: AuthUser): Promise<Map<string, number>> {
    const rows = await this.summarise({ ...LIVE, ...readableFilter(actor) }, { by: 'category_id' });
    return new Map(rows.filter((r) => r.key).map((r) => [String(r.key), r.count]));
  }

  countInCategory(categoryId: string): Promise<number> {
    return this.model.countDocuments({ ...LIVE, category_id: categoryId });
  }
}
