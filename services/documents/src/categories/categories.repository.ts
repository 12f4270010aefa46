import { Injectable } from '@nestjs/common';
import type { DocumentCategory, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { stableId } from '../stable-ids';
import { CategorySchema, categoryNameKey, type CategoryDoc } from './category.schema';

@Injectable()
export class CategoriesRepository extends BaseRepository<CategoryDoc, DocumentCategory> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<CategoryDoc>('DocumentCategory', CategorySchema), {
      outbox: relay,
      omit: ['name_key', 'rev'],
    });
  }

  /** Every category, by name (a handful: no paging). */
  async list(): Promise<DocumentCategory[]> {
    return (await this.model.find({}).sort({ name_key: 1 }).lean()).map((d) => this.map(d));
  }

  async findByName(name: string): Promise<DocumentCategory | null> {
    const doc = await this.model.findOne({ name_key: categoryNameKey(name) }).lean();
    return doc ? this.map(doc) : null;
  }

  create(data: Partial<CategoryDoc>, events: (c: DocumentCategory) => EventEnvelope[]): Promise<DocumentCategory> {
    const name_key = categoryNameKey(data.name ?? '');
    // The id follows from the name: two categories of one name collide on `_id` on every engine.
    return this.insert({ ...data, _id: stableId('category', name_key), name_key }, events);
  }
}
