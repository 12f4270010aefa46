import type { BusinessRule, BusinessRuleExecution } from '@sixa/contracts';
import { outboxSchemaField, type OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';
import type { ObjectId } from 'mongodb';

/** A business rule as stored (its execution count is counted from its executions). */
export interface RuleDoc extends Omit<BusinessRule, 'id' | 'etag' | 'execution_count' | 'created_at' | 'updated_at'> {
  _id: ObjectId;
  /** Revision: moved on by every edit; absent on rules made before it. */
  rev?: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * One evaluation of one rule on one event: unique per rule and event, so a redelivered event is
 * evaluated once. Made with the commands its actions send (outbox), in one insert; `status` stays
 * `pending` until the actions done here (webhook, mail) are done too.
 */
export interface ExecutionDoc {
  _id: Types.ObjectId;
  rule_id: string;
  event_id: string;
  event_type: string;
  matched: boolean;
  actions: BusinessRuleExecution['actions'];
  status: 'pending' | 'done';
  rev: number;
  outbox: OutboxEntry[];
  created_at: Date;
  updated_at: Date;
}

export const ExecutionSchema = new Schema<ExecutionDoc>(
  {
    rule_id: { type: String, required: true },
    event_id: { type: String, required: true },
    event_type: { type: String, required: true },
    matched: { type: Boolean, required: true },
    actions: { type: [{ _id: false, type: { type: String }, outcome: String, detail: String }], default: [] },
    status: { type: String, required: true },
    rev: { type: Number, default: 0 },
    outbox: outboxSchemaField(),
  },
  {
    collection: 'rule_executions',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

ExecutionSchema.index({ rule_id: 1, event_id: 1 }, { unique: true });
ExecutionSchema.index({ rule_id: 1, created_at: -1 });
ExecutionSchema.index({ rule_id: 1, matched: 1, created_at: -1 });
