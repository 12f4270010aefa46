import type { ConnectionStatus, PlatformAuthType, SyncDirection } from '@sixa/contracts';
import { outboxSchemaField, type OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';
import type { Sealed } from '../secret-box';

/** What is kept of a credential: sealed secrets and what may be shown (last 4 characters). */
export interface CredentialDoc {
  kind: PlatformAuthType;
  last4: string;
  expires_at: Date | null;
  access: Sealed | null;
  refresh: Sealed | null;
  api_key: Sealed | null;
}

export interface ConnectionDoc {
  _id: Types.ObjectId;
  platform_id: string;
  platform_name: string;
  connection_name: string;
  status: ConnectionStatus;
  status_detail: string | null;
  sync_direction: SyncDirection;
  sync_frequency: number;
  field_mappings: Record<string, string>;
  user_id: string;
  /** The name of who made it, when they did (what the 403 to others and the screen say). */
  user_name?: string | null;
  total_syncs: number;
  successful_syncs: number;
  failed_syncs: number;
  last_sync_at: Date | null;
  next_sync_at: Date | null;
  /** Per data type: the provider-side start of the last successful sync (the next one asks for changes since). */
  synced_since: Record<string, string>;
  credential: CredentialDoc;
  /** Set (to the platform id) only while connected: a unique sparse index allows one connected connection per platform. */
  connected_platform?: string;
  rev: number;
  outbox: OutboxEntry[];
  created_at: Date;
  updated_at: Date;
}

const Mixed = Schema.Types.Mixed;

export const ConnectionSchema = new Schema<ConnectionDoc>(
  {
    platform_id: { type: String, required: true },
    platform_name: { type: String, required: true },
    connection_name: { type: String, required: true },
    status: { type: String, required: true },
    status_detail: { type: String, default: null },
    sync_direction: { type: String, default: 'inbound' },
    sync_frequency: { type: Number, default: 60 },
    field_mappings: { type: Mixed, default: {} },
    user_id: { type: String, required: true },
    user_name: { type: String, default: null },
    total_syncs: { type: Number, default: 0 },
    successful_syncs: { type: Number, default: 0 },
    failed_syncs: { type: Number, default: 0 },
    last_sync_at: { type: Date, default: null },
    next_sync_at: { type: Date, default: null },
    synced_since: { type: Mixed, default: {} },
    credential: { type: Mixed, required: true },
    connected_platform: { type: String },
    rev: { type: Number, default: 0 },
    outbox: outboxSchemaField(),
  },
  {
    collection: 'connections',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    minimize: false,
  },
);
ConnectionSchema.index({ connected_platform: 1 }, { unique: true, sparse: true });
ConnectionSchema.index({ status: 1, next_sync_at: 1 });
ConnectionSchema.index({ user_id: 1, created_at: -1 });
