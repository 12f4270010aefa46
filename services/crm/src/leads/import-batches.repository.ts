import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isDuplicateKey, type OutboxEntry } from '@sixa/mongo';
import { Schema, type Connection, type Types } from 'mongoose';

interface ImportBatchDoc {
  _id: Types.ObjectId;
  batch: string;
  leads: number;
  rev: number;
  outbox: OutboxEntry[];
  created_at: Date;
  updated_at: Date;
}

const ImportBatchSchema = new Schema<ImportBatchDoc>(
  {
    batch: { type: String, required: true },
    leads: { type: Number, default: 0 },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'lead_import_batches',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);
ImportBatchSchema.index({ batch: 1 }, { unique: true });

/**
 * The `lead.created` events of one page an integration brought in, held by one document (`batch`:
 * the page's correlation id) rather than one outbox entry per lead: the relay sends and clears a
 * page's events in one write instead of hundreds (on an engine without indexes each write scans
 * the leads). Made once per page, after its leads.
 */
@Injectable()
export class ImportBatchesRepository extends BaseRepository<ImportBatchDoc, { id: string }> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<ImportBatchDoc>('LeadImportBatch', ImportBatchSchema), { outbox: relay });
  }

  override async onModuleInit() {
    await super.onModuleInit();
    await this.store.expireAfter(this.model.collection, 'created_at', 30 * 86_400);
  }

  override map(doc: unknown): { id: string } {
    return { id: (doc as ImportBatchDoc).batch };
  }

  /** Records the page's events unless they were (a redelivered page): true if made now. */
  async recordOnce(id: string, events: EventEnvelope[]): Promise<boolean> {
    try {
      await this.insert({ batch: id, leads: events.length }, () => events);
      return true;
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
  }
}
