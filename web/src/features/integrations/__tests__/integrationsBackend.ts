import type {
  IntegrationAnalytics,
  IntegrationConnection,
  IntegrationPlatform,
  SyncJob,
  SyncRecordLog,
  User,
} from '@sixa/contracts/browser';
import { mockApi, type RouteHandler } from '../../../test/mockApi';

let sequence = 0;

export function buildPlatform(overrides: Partial<IntegrationPlatform> = {}): IntegrationPlatform {
  sequence += 1;
  return {
    id: `platform-${sequence}`,
    name: `Platform ${sequence}`,
    type: 'crm',
    description: 'A platform',
    supported_features: ['Contacts → leads'],
    auth_type: 'oauth2',
    rate_limits: { requests_per_minute: 100 },
    website_url: 'http://sandbox.example',
    data_types: ['contacts'],
    is_sample: true,
    ...overrides,
  };
}

export function buildConnection(overrides: Partial<IntegrationConnection> = {}): IntegrationConnection {
  sequence += 1;
  return {
    id: `connection-${sequence}`,
    etag: `0.connection-${sequence}`,
    platform_id: 'platform-1',
    platform_name: 'Platform 1',
    connection_name: `Connection ${sequence}`,
    status: 'connected',
    status_detail: null,
    sync_direction: 'inbound',
    sync_frequency: 60,
    field_mappings: {
      'contacts.name': '{{first_name}} {{last_name}}',
      'contacts.email': '{{email}}',
      'contacts.company': '{{company}}',
      'contacts.phone': '{{phone}}',
      'contacts.source': '{{lead_source}}',
      'contacts.notes': '{{title}}',
    },
    user_id: 'employee-1',
    user_name: 'Eve Employee',
    total_syncs: 0,
    successful_syncs: 0,
    failed_syncs: 0,
    last_sync_at: null,
    next_sync_at: null,
    credential: { kind: 'oauth2', last4: 'abcd', expires_at: null },
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildJob(overrides: Partial<SyncJob> = {}): SyncJob {
  sequence += 1;
  return {
    id: `job-${sequence}`,
    connection_id: 'connection-1',
    job_type: 'manual',
    direction: 'inbound',
    data_type: 'contacts',
    platform_name: 'Platform 1',
    status: 'pending',
    records_processed: 0,
    records_success: 0,
    records_failed: 0,
    updated_since: null,
    error: null,
    created_at: '2026-03-02T09:00:00.000Z',
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

export function emptyAnalytics(overrides: Partial<IntegrationAnalytics> = {}): IntegrationAnalytics {
  return { total_connections: 0, active_connections: 0, recent_syncs: [], platform_stats: {}, ...overrides };
}

interface BackendData {
  platforms?: IntegrationPlatform[];
  connections?: IntegrationConnection[];
  analytics?: IntegrationAnalytics;
  logs?: Record<string, SyncRecordLog[]>;
}

/** The integrations service's reads over lists a test changes; other routes through `more` or `api.use`. */
export function integrationsBackend(me: User, data: BackendData = {}, more: Record<string, RouteHandler> = {}) {
  const state = {
    platforms: [...(data.platforms ?? [])],
    connections: [...(data.connections ?? [])],
    analytics: data.analytics ?? emptyAnalytics(),
  };
  const logs = data.logs ?? {};
  const api = mockApi({
    'GET /api/auth/me': { body: me },
    'GET /api/integrations/platforms': () => ({ body: state.platforms }),
    'GET /api/integrations/connections': () => ({ body: state.connections }),
    'GET /api/integrations/analytics': () => ({ body: state.analytics }),
    ...Object.fromEntries(
      Object.entries(logs).map(([id, log]) => [`GET /api/integrations/sync-jobs/${id}/log`, { body: log }]),
    ),
    ...more,
  });
  return { api, state };
}
