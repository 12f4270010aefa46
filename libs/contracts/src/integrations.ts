import type { RecordTag } from './revisions';
/** Integrations Hub (spec part 2): platforms, connections, sync jobs, analytics. */

export const PLATFORM_TYPES = [
  'crm',
  'payment',
  'marketing',
  'communication',
  'project_management',
  'ecommerce',
] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];
export const PLATFORM_AUTH_TYPES = ['oauth2', 'api_key'] as const;
export type PlatformAuthType = (typeof PLATFORM_AUTH_TYPES)[number];
export const CONNECTION_STATUSES = ['connected', 'disconnected', 'error', 'pending', 'expired'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const SYNC_DIRECTIONS = ['bidirectional', 'inbound', 'outbound'] as const;
export type SyncDirection = (typeof SYNC_DIRECTIONS)[number];
export const SYNC_DATA_TYPES = ['contacts', 'accounts', 'opportunities', 'tasks', 'events'] as const;
export type SyncDataType = (typeof SYNC_DATA_TYPES)[number];
export const SYNC_JOB_TYPES = ['manual', 'scheduled'] as const;
export type SyncJobType = (typeof SYNC_JOB_TYPES)[number];
export const SYNC_JOB_STATUSES = ['pending', 'in_progress', 'success', 'failed'] as const;
export type SyncJobStatus = (typeof SYNC_JOB_STATUSES)[number];
/** Minutes between scheduled syncs (spec: default 60, 15 to 1440). */
export const SYNC_FREQUENCY = { min: 15, max: 1440, default: 60 } as const;

/** GET /integrations/platforms. `is_sample`: one of the demo platforms (pointing at the sandbox provider). */
export interface IntegrationPlatform {
  id: string;
  name: string;
  type: PlatformType;
  description: string;
  supported_features: string[];
  auth_type: PlatformAuthType;
  rate_limits: Record<string, string | number>;
  website_url: string;
  /** The data types a sync can bring in from it. */
  data_types: SyncDataType[];
  is_sample: boolean;
}

/** GET /integrations/connections. Secrets never leave the service: `credential` says what is kept. */
export interface IntegrationConnection {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  platform_id: string;
  platform_name: string;
  connection_name: string;
  status: ConnectionStatus;
  /** Why the status is error or expired (the provider's answer, in words). */
  status_detail: string | null;
  sync_direction: SyncDirection;
  sync_frequency: number;
  /** Product field ← provider field, per data type (`contacts.name` ← `first_name last_name`...). */
  field_mappings: Record<string, string>;
  user_id: string;
  total_syncs: number;
  successful_syncs: number;
  failed_syncs: number;
  last_sync_at: string | null;
  next_sync_at: string | null;
  /** What is kept, masked: `oauth2` tokens or an `api_key`, by its last 4 characters. */
  credential: { kind: PlatformAuthType; last4: string; expires_at: string | null };
  created_at: string;
  updated_at: string;
}

/** POST /integrations/oauth/initiate answers where to send the user. */
export interface OAuthInitiation {
  state: string;
  authorization_url: string;
  expires_at: string;
}

/** One sync job (spec fields, plus its times, its failures and its error). */
export interface SyncJob {
  id: string;
  connection_id: string;
  job_type: SyncJobType;
  direction: SyncDirection;
  data_type: SyncDataType;
  platform_name: string;
  status: SyncJobStatus;
  records_processed: number;
  records_success: number;
  records_failed: number;
  /** Incremental: records changed since this time were asked for (null: all). */
  updated_since: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One record's outcome in a job (GET /integrations/sync-jobs/{id}/log): errors, and what came in. */
export interface SyncRecordLog {
  external_id: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'failed';
  detail: string | null;
}

export interface PlatformStats {
  platform_name: string;
  connections: number;
  active_connections: number;
  total_syncs: number;
  successful_syncs: number;
  /** successful / total syncs, 0..100 (null without syncs). */
  success_rate: number | null;
}

/** GET /integrations/analytics. */
export interface IntegrationAnalytics {
  total_connections: number;
  active_connections: number;
  /** The latest 10 sync jobs. */
  recent_syncs: SyncJob[];
  platform_stats: Record<string, PlatformStats>;
}

/** A record brought in, in the product's words (after the connection's field mappings). */
export interface ImportedContact {
  external_id: string;
  /** When the provider last changed it (ISO 8601), if it says: a later sync applies only newer versions. */
  updated_at?: string | null;
  name: string;
  email: string;
  company: string;
  phone: string;
  source: string;
  notes: string;
}

/** A provider's task, in the product's words (becomes a work task). */
export interface ImportedTask {
  external_id: string;
  title: string;
  description: string;
  priority: string;
  due_date: string | null;
  assigned_to: string;
  /** When the provider last changed it (ISO 8601), if it says: a later sync applies only newer versions. */
  updated_at?: string | null;
}

/** A provider's event, in the product's words (becomes a calendar event). */
export interface ImportedEvent {
  external_id: string;
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  location: string;
  attendees: string[];
  /** When the provider last changed it (ISO 8601), if it says: a later sync applies only newer versions. */
  updated_at?: string | null;
}

/**
 * What a provider last sent for a record a sync made into a lead, a task or an event: the
 * version's time (when the provider gives one) and its fields as they came. The next sync then
 * tells the provider's changes (a field unlike what it sent before) from the staff's (a field
 * unlike what it sent, that it did not change), and leaves alone a version no newer than the one
 * applied (a page that came late, a new connection's full sync). Stored with the record; never
 * part of the API.
 */
export interface ImportedVersion {
  updated_at: Date | null;
  fields: Record<string, unknown>;
}

/** A record's version from its `updated_at` (ISO 8601, when valid) and its fields. */
export function importedVersion(
  updatedAt: string | null | undefined,
  fields: Record<string, unknown>,
): ImportedVersion {
  const t = updatedAt ? Date.parse(updatedAt) : NaN;
  return { updated_at: Number.isNaN(t) ? null : new Date(t), fields };
}

/** Not newer than the version applied: an older page that came late, or the same one again. */
export function isNotNewer(applied: ImportedVersion | null | undefined, next: ImportedVersion): boolean {
  const at = applied?.updated_at ? new Date(applied.updated_at).getTime() : null;
  return at !== null && next.updated_at !== null && next.updated_at.getTime() <= at;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields the provider changed since the version applied; for a record made before versions
 * were kept (or linked to one made here), those unlike the record's current values.
 */
export function changedAtProvider<K extends string>(
  next: Record<K, unknown>,
  applied: ImportedVersion | null | undefined,
  current: Record<K, unknown>,
): K[] {
  return (Object.keys(next) as K[]).filter((k) =>
    applied ? !sameValue(next[k], applied.fields[k]) : !sameValue(next[k], current[k]),
  );
}
