import type {
  ConnectionStatus,
  IntegrationPlatform,
  PlatformAuthType,
  PlatformType,
  SyncDataType,
  SyncDirection,
  SyncJobStatus,
} from '@sixa/contracts/browser';

export type IntegrationsTab = 'platforms' | 'connections' | 'analytics';

export const TAB_LABELS: Record<IntegrationsTab, string> = {
  platforms: 'Available Platforms',
  connections: 'My Connections',
  analytics: 'Analytics',
};

/** Spec: the chip row over Available Platforms, in this order. */
export const CATEGORY_CHIPS: ReadonlyArray<{ type: PlatformType | null; label: string }> = [
  { type: null, label: 'All' },
  { type: 'crm', label: 'CRM' },
  { type: 'payment', label: 'Payments' },
  { type: 'marketing', label: 'Marketing' },
  { type: 'communication', label: 'Communication' },
  { type: 'project_management', label: 'Project Management' },
  { type: 'ecommerce', label: 'E-commerce' },
];

export const PLATFORM_TYPE_LABEL: Record<PlatformType, string> = {
  crm: 'CRM',
  payment: 'Payments',
  marketing: 'Marketing',
  communication: 'Communication',
  project_management: 'Project Management',
  ecommerce: 'E-commerce',
};

export const AUTH_TYPE_LABEL: Record<PlatformAuthType, string> = {
  oauth2: 'OAuth 2.0',
  api_key: 'API Key',
};

export const CONNECTION_STATUS: Record<ConnectionStatus, { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'success' },
  disconnected: { label: 'Disconnected', color: 'default' },
  error: { label: 'Error', color: 'error' },
  pending: { label: 'Pending', color: 'processing' },
  expired: { label: 'Expired', color: 'warning' },
};

export const JOB_STATUS: Record<SyncJobStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'default' },
  in_progress: { label: 'In Progress', color: 'processing' },
  success: { label: 'Success', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export const isJobRunning = (status: SyncJobStatus) => status === 'pending' || status === 'in_progress';

export const DATA_TYPE_LABEL: Record<SyncDataType, string> = {
  contacts: 'Contacts (into Leads)',
  accounts: 'Accounts',
  opportunities: 'Opportunities',
  tasks: 'Tasks (into Task Management)',
  events: 'Events (into the Calendar)',
};

/** What the integrations service can bring in today; the others answer 400 "not available yet". */
export const SYNCABLE_DATA_TYPES: readonly SyncDataType[] = ['contacts', 'tasks', 'events'];

export const DIRECTION_LABEL: Record<SyncDirection, string> = {
  inbound: 'Inbound (into this workspace)',
  outbound: 'Outbound (to the platform)',
  bidirectional: 'Bidirectional',
};

/** Spec: the first 4 features on a card, then '+N more'. */
export const FEATURES_SHOWN = 4;

/** Spec: the latest 10 sync jobs in Analytics. */
export const RECENT_JOBS_SHOWN = 10;

const humanize = (key: string) => key.replace(/_/g, ' ');

/** The platform's first rate limit in words ('6000 requests per minute'), or null without one. */
export function firstRateLimit(platform: Pick<IntegrationPlatform, 'rate_limits'>): string | null {
  const first = Object.entries(platform.rate_limits ?? {})[0];
  if (!first) return null;
  const [key, value] = first;
  const per = /^(.*)_per_(.*)$/.exec(key);
  return per ? `${value} ${humanize(per[1])} per ${humanize(per[2])}` : `${humanize(key)}: ${value}`;
}

/** The product fields a contact's mapping fills (Configure), in the order the form shows them. */
export const CONTACT_MAPPING_FIELDS = ['name', 'email', 'company', 'phone', 'source', 'notes'] as const;
