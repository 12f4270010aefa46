import { Injectable } from '@nestjs/common';
import type { PricingTier, ProductService } from '@sixa/contracts';
import { createEvent, OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isObjectId, type StoredDoc } from '@sixa/mongo';
import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey } from '../crm.errors';

interface ProductDoc extends StoredDoc {
  name: string;
  description: string;
  prices: Record<PricingTier, number>;
  sample: boolean;
}

const ProductSchema = new Schema<ProductDoc>(
  {
    name: { type: String, required: true },
    description: { type: String, default: '' },
    prices: { standard: Number, premium: Number, enterprise: Number },
    sample: { type: Boolean, default: false },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'products_services',
    versionKey: false,
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
  },
);
// One product per name (the sample catalogue is created once, whichever replica seeds it); the list's order.
ProductSchema.index({ name: 1 }, { unique: true });

/** The catalogue: each product has a price per pricing tier. */
@Injectable()
export class ProductsRepository extends BaseRepository<ProductDoc, ProductService> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<ProductDoc>('ProductService', ProductSchema), { outbox: relay, omit: ['sample', 'rev'] });
  }

  override map(doc: unknown): ProductService {
    const p = super.map(doc);
    return { ...p, unit_price: p.prices.standard };
  }

  async list(): Promise<ProductService[]> {
    return (await this.model.find({}).sort({ name: 1 }).lean()).map((d) => this.map(d));
  }

  async byIds(ids: string[]): Promise<Map<string, ProductService>> {
    const valid = ids.filter(isObjectId);
    const docs = await this.model.find({ _id: { $in: valid } }).lean();
    return new Map(docs.map((d) => [String(d._id), this.map(d)]));
  }

  /** Idempotent: adds the products that are not there yet (the unique name decides), each with its event. */
  async ensure(products: Array<Pick<ProductDoc, 'name' | 'description' | 'prices'>>): Promise<number> {
    let created = 0;
    for (const p of products) {
      try {
        await this.insert({ ...p, sample: true }, (product) => [
          createEvent('crm', 'product.created', product.id, 'system', { product }),
        ]);
        created++;
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
      }
    }
    return created;
  }
}
