import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DocumentCategory, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { CategorySchema, categoryNameKey, type CategoryDoc } from './category.schema';

@Injectable()
export class CategoriesRepository extends BaseRepository<CategoryDoc, DocumentCategory> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<CategoryDoc>('DocumentCategory', CategorySchema), relay, ['name_key', 'rev']);
  }

  async onModuleInit() {
    await this.init();
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
    return this.insert({ ...data, name_key: categoryNameKey(data.name ?? '') }, events);
  }
}
