import {
  DEFAULT_SECURITY_RULES,
  MENU_KEYS,
  MENU_LABELS,
  type BusinessRule,
  type DashboardWidgetConfig,
  type MenuConfig,
  type MenuKey,
  type SecurityPolicy,
  type User,
  type Webhook,
} from '@sixa/contracts/browser';
import { adminUser } from '../../../test/factories';
import { mockApi, type RouteHandler } from '../../../test/mockApi';
import type { SettingsUser } from '../settingsApi';

let sequence = 0;

export const admin = adminUser();

export function buildSettingsUser(overrides: Partial<SettingsUser> = {}): SettingsUser {
  sequence += 1;
  return {
    id: `su-${sequence}`,
    etag: `0.su-${sequence}`,
    user_id: `su-${sequence}`,
    username: `person${sequence}`,
    email: `person${sequence}@sixa.local`,
    full_name: `Person ${sequence}`,
    role: 'user',
    department: 'Sales',
    timezone: 'UTC',
    language: 'en',
    last_login: null,
    is_active: true,
    notification_frequency: 'immediate',
    ...overrides,
  };
}

export function buildWebhook(overrides: Partial<Webhook> = {}): Webhook {
  sequence += 1;
  return {
    id: `wh-${sequence}`,
    etag: `0.wh-${sequence}`,
    name: `Hook ${sequence}`,
    url: `https://hooks.example.com/${sequence}`,
    events: ['lead.created'],
    retry_attempts: 3,
    retry_delay_seconds: 30,
    timeout_seconds: 30,
    headers: {},
    created_by: admin.id,
    is_active: true,
    success_count: 0,
    failure_count: 0,
    created_at: '2026-01-10T09:00:00.000Z',
    updated_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function buildRule(overrides: Partial<BusinessRule> = {}): BusinessRule {
  sequence += 1;
  return {
    id: `rule-${sequence}`,
    etag: `0.rule-${sequence}`,
    name: `Rule ${sequence}`,
    description: '',
    module: 'leads',
    trigger_event: 'lead.created',
    conditions: { all: [{ fact: 'source', operator: 'equal', value: 'Referral' }] },
    actions: [{ type: 'create_task', params: { title: 'Call {{name}}' } }],
    is_active: true,
    execution_count: 0,
    created_by: admin.id,
    created_at: '2026-01-10T09:00:00.000Z',
    updated_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export const policy = (rules = DEFAULT_SECURITY_RULES, rev = 0): SecurityPolicy => ({
  etag: `${rev}.security`,
  rules,
  updated_by: null,
  updated_by_name: null,
  updated_at: null,
  rev,
});

export function menuConfig(role: string, hidden: MenuKey[] = []): MenuConfig {
  const items = MENU_KEYS.map((key) => ({ key, visible: !hidden.includes(key) }));
  return {
    role,
    items,
    menu_items: items.map(({ key, visible }) => ({ name: MENU_LABELS[key], icon: key, visible })),
    updated_at: null,
  };
}

export function widgetConfig(userId: string, widgets: DashboardWidgetConfig['widgets']): DashboardWidgetConfig {
  return {
    user_id: userId,
    widgets,
    dashboard_widgets: widgets.map(({ key, visible }, y) => ({
      id: key,
      widget_type: key,
      position: { x: 0, y },
      is_visible: visible,
    })),
    updated_at: null,
  };
}

/** The settings routes an admin's Settings screen reads, answered from the given lists. */
export function settingsRoutes(
  {
    signedInAs = admin,
    users = [buildSettingsUser({ role: 'admin', full_name: 'Ada Admin', username: 'ada' })],
    webhooks = [],
    rules = [],
  }: { signedInAs?: User; users?: SettingsUser[]; webhooks?: Webhook[]; rules?: BusinessRule[] } = {},
  more: Record<string, RouteHandler> = {},
) {
  return mockApi({
    'GET /api/auth/me': { body: signedInAs },
    'GET /api/settings/branding': { body: { company_name: 'Acme Corp' } },
    'GET /api/settings/users': { body: users },
    'GET /api/settings/system': { body: [] },
    'GET /api/settings/security': { body: policy() },
    'GET /api/settings/backup': {
      body: {
        frequency: 'daily',
        retention_days: 30,
        status: 'not_configured',
        last_backup_at: null,
        detail: 'The product takes no backups: back up MongoDB with your own tooling.',
      },
    },
    'GET /api/settings/ai': { body: [] },
    'GET /api/settings/webhooks': { body: webhooks },
    'GET /api/settings/rate-limits': { body: [] },
    'GET /api/settings/business-rules': { body: rules },
    [`GET /api/settings/menu-config/${signedInAs.role}`]: { body: menuConfig(signedInAs.role) },
    ...more,
  });
}
