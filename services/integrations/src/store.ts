import type {
  ConnectionStatus,
  PlatformAuthType,
  PlatformType,
  SyncDataType,
  SyncDirection,
  SyncJobStatus,
  SyncJobType,
} from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';
import type { Sealed } from './secret-box';

/** A platform: what the hub shows, and how to reach its provider (the client secret sealed). */
export interface PlatformDoc {
  _id: string;
  name: string;
  type: PlatformType;
  description: string;
  supported_features: string[];
  auth_type: PlatformAuthType;
  rate_limits: Record<string, string | number>;
  website_url: string;
  data_types: SyncDataType[];
  is_sample: boolean;
  api_base_url: string;
  authorize_url: string | null;
  token_url: string | null;
  revoke_url: string | null;
  client_id: string | null;
  client_secret: Sealed | null;
  scopes: string;
  created_at: Date;
}

/** One OAuth attempt: single use, bound to its user and redirect URI, with its PKCE verifier (sealed). */
export interface OAuthStateDoc {
  _id: string;
  platform_id: string;
  user_id: string;
  connection_name: string;
  redirect_uri: string;
  sync_frequency: number;
  verifier: Sealed;
  used_at: Date | null;
  expires_at: Date;
}

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
const outbox = { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] };

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
    outbox,
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

export interface JobDoc {
  _id: Types.ObjectId;
  connection_id: string;
  job_type: SyncJobType;
  direction: SyncDirection;
  data_type: SyncDataType;
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
    outbox,
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
