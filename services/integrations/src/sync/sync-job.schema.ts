import type { SyncDirection, SyncJobStatus, SyncJobType } from '@sixa/contracts';
import { outboxSchemaField, type OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';
import type { ImportedType } from './imported-records';

export interface JobDoc {
  _id: Types.ObjectId;
  connection_id: string;
  job_type: SyncJobType;
  direction: SyncDirection;
  /** Only the types the product brings in are queued. */
  data_type: ImportedType;
  platform_id: string;
  platform_name: string;
  status: SyncJobStatus;
  records_processed: number;
  records_success: number;
  records_failed: number;
  updated_since: string | null;
  error: string | null;
  /** A scheduled job's period (`<connection>:<due time>`): one job per period, whoever makes it. */
  schedule_key?: string;
  /** Where the next page starts; pages sent so far; the pages crm has answered. */
  cursor: string | null;
  pages_sent: number;
  pages_answered: string[];
  /** All pages are sent: the job ends when they are answered. */
  fetched: boolean;
  /** When the job began reading the provider (becomes the connection's synced_since on success). */
  fetch_started_at: string | null;
  lease_owner: string | null;
  lease_until: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  requested_by: string;
  rev: number;
  outbox: OutboxEntry[];
  created_at: Date;
  updated_at: Date;
}

export const JobSchema = new Schema<JobDoc>(
  {
    connection_id: { type: String, required: true },
    job_type: { type: String, required: true },
    direction: { type: String, required: true },
    data_type: { type: String, required: true },
    platform_id: { type: String, required: true },
    platform_name: { type: String, required: true },
    status: { type: String, required: true },
    records_processed: { type: Number, default: 0 },
    records_success: { type: Number, default: 0 },
    records_failed: { type: Number, default: 0 },
    updated_since: { type: String, default: null },
    error: { type: String, default: null },
    schedule_key: { type: String },
    cursor: { type: String, default: null },
    pages_sent: { type: Number, default: 0 },
    pages_answered: { type: [String], default: [] },
    fetched: { type: Boolean, default: false },
    fetch_started_at: { type: String, default: null },
    lease_owner: { type: String, default: null },
    lease_until: { type: Date, default: null },
    started_at: { type: Date, default: null },
    finished_at: { type: Date, default: null },
    requested_by: { type: String, required: true },
    rev: { type: Number, default: 0 },
    outbox: outboxSchemaField(),
  },
  { collection: 'sync_jobs', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, versionKey: false },
);
JobSchema.index({ schedule_key: 1 }, { unique: true, sparse: true });
JobSchema.index({ status: 1, lease_until: 1 });
JobSchema.index({ created_at: -1, _id: -1 });
JobSchema.index({ connection_id: 1, created_at: -1 });

/** A record that could not be brought in (the job's log). */
export interface RecordLogDoc {
  _id: Types.ObjectId;
  job_id: string;
  external_id: string;
  outcome: 'failed';
  detail: string;
  created_at: Date;
}
