import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { PricingTier, ProductService } from '@sixa/contracts';
import { InjectConnection, isObjectId, toApi } from '@sixa/mongo';
import { Schema, type Connection, type Model } from 'mongoose';

interface ProductDoc {
  _id: unknown;
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
  },
  { collection: 'products_services', versionKey: false },
);
// The sample catalogue is created once: seeding looks products up by name.
ProductSchema.index({ name: 1 }, { unique: true });

/** The catalogue: each product has a price per pricing tier. */
@Injectable()
export class ProductsRepository implements OnModuleInit {
  private readonly model: Model<ProductDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.model = connection.model<ProductDoc>('ProductService', ProductSchema);
  }

  async onModuleInit() {
    await this.model.init();
  }

  private map(doc: unknown): ProductService {
    const p = toApi<ProductService & { sample?: boolean }>(doc as Record<string, unknown>, ['sample'])!;
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

  /** Idempotent: adds the products that are not there yet. */
  async ensure(products: Array<Omit<ProductDoc, '_id' | 'sample'>>): Promise<number> {
    let created = 0;
    for (const p of products) {
      const res = await this.model.updateOne(
        { name: p.name },
        { $setOnInsert: { ...p, sample: true } },
        { upsert: true },
      );
      created += res.upsertedCount;
    }
    return created;
  }
}
