import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface CategoryDoc {
  _id: Types.ObjectId;
  name: string;
  /** The name trimmed and lower-cased: one category per name, whatever its spelling. */
  name_key: string;
  description: string;
  color: string;
  icon: string;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

export const categoryNameKey = (name: string) => name.trim().toLowerCase();

export const CategorySchema = new Schema<CategoryDoc>(
  {
    name: { type: String, required: true },
    name_key: { type: String, required: true },
    description: { type: String, default: '' },
    color: { type: String, default: '#1677ff' },
    icon: { type: String, default: 'folder' },
    created_by: { type: String, required: true },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'categories',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// One category per name (creating an existing one is a 409; sample data finds it by name).
CategorySchema.index({ name_key: 1 }, { unique: true });
