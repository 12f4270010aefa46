import type { RecordTag } from './revisions';
/** Settings & Configuration (spec part 2): what the settings service owns and publishes. */

/** The password policy's bounds (spec constants). */
export const PASSWORD_POLICY_MIN_LENGTH = { min: 4, max: 32 } as const;
export const PASSWORD_POLICY_EXPIRY_DAYS = { min: 0, max: 365 } as const;

/** The security policy's rules (spec: "Security policy: rules with ..."). Expiry 0 = passwords never expire. */
export interface SecurityRules {
  password_min_length: number;
  password_require_uppercase: boolean;
  password_require_numbers: boolean;
  password_require_symbols: boolean;
  password_expiry_days: number;
}

/** What holds until an admin sets a policy: the product's long-standing rule (8 characters, nothing else). */
export const DEFAULT_SECURITY_RULES: SecurityRules = {
  password_min_length: 8,
  password_require_uppercase: false,
  password_require_numbers: false,
  password_require_symbols: false,
  password_expiry_days: 0,
};

/** Exactly the rules' fields of `r` (a stored or posted object may carry more). */
export function securityRulesOf(r: SecurityRules): SecurityRules {
  return {
    password_min_length: r.password_min_length,
    password_require_uppercase: r.password_require_uppercase,
    password_require_numbers: r.password_require_numbers,
    password_require_symbols: r.password_require_symbols,
    password_expiry_days: r.password_expiry_days,
  };
}

/** GET /settings/security. */
export interface SecurityPolicy {
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  rules: SecurityRules;
  /** Who set it and when (null while the defaults hold). */
  updated_by: string | null;
  /** Their name as it was when they made the change (what the screen shows). */
  updated_by_name: string | null;
  updated_at: string | null;
  /** Goes up with every change; consumers keep the highest they have seen. */
  rev: number;
}

/** The rules a password breaks, each in words ("at least 12 characters", "a number"); none: it is allowed. */
export function passwordProblems(password: string, rules: SecurityRules): string[] {
  const problems: string[] = [];
  if ([...password].length < rules.password_min_length)
    problems.push(`at least ${rules.password_min_length} characters`);
  if (rules.password_require_uppercase && !/\p{Lu}/u.test(password)) problems.push('an upper-case letter');
  if (rules.password_require_numbers && !/\p{Nd}/u.test(password)) problems.push('a number');
  if (rules.password_require_symbols && !/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('a symbol');
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Users and roles live in users.ts (one identity store, auth). System settings, AI settings, backup,
// webhooks, rate limits, business rules and the UI configuration are the settings service's.
// ---------------------------------------------------------------------------------------------------

/** System setting value types (spec: boolean, number or string). */
export const SYSTEM_SETTING_TYPES = ['boolean', 'number', 'string'] as const;
export type SystemSettingType = (typeof SYSTEM_SETTING_TYPES)[number];
export type SystemSettingValue = boolean | number | string;

/** GET /settings/system: one row per setting. */
export interface SystemSetting {
  category: string;
  key: string;
  value: SystemSettingValue;
  data_type: SystemSettingType;
  description: string;
  updated_by: string | null;
  /** The name of who changed it, as it was then (null for a default). */
  updated_by_name: string | null;
  updated_at: string | null;
}

/** A setting the product itself applies: its type, default and bounds (numbers: whole, min..max). */
export interface KnownSystemSetting {
  category: string;
  key: string;
  data_type: SystemSettingType;
  default: SystemSettingValue;
  description: string;
  min?: number;
  max?: number;
  /** Strings: at most this many characters. */
  maxLength?: number;
}

/** The settings other services apply live (each follows settings.system_setting_updated). */
export const KNOWN_SYSTEM_SETTINGS = [
  {
    category: 'general',
    key: 'company_name',
    data_type: 'string',
    default: 'SIXA',
    description: 'The company name shown in the workspace header',
    maxLength: 80,
  },
  {
    category: 'quotes',
    key: 'default_expiry_days',
    data_type: 'number',
    default: 30,
    description: 'Days a new quote stays valid when its creator gives none',
    min: 1,
    max: 365,
  },
  {
    category: 'security',
    key: 'session_lifetime_minutes',
    data_type: 'number',
    default: 60,
    description: 'How long a sign-in lasts before the user signs in again (applies to new sign-ins)',
    min: 5,
    max: 1440,
  },
] as const satisfies readonly KnownSystemSetting[];

export function knownSystemSetting(category: string, key: string): KnownSystemSetting | undefined {
  return (KNOWN_SYSTEM_SETTINGS as readonly KnownSystemSetting[]).find((s) => s.category === category && s.key === key);
}

/**
 * What is wrong with `value` as a `data_type` value of the setting (null: nothing). Known settings are
 * held to their own type and bounds; others only to the type they declare.
 */
export function systemSettingProblem(
  category: string,
  key: string,
  value: unknown,
  dataType: SystemSettingType,
): string | null {
  const known = knownSystemSetting(category, key);
  if (known && known.data_type !== dataType) return `${category}.${key} is a ${known.data_type} setting`;
  if (dataType === 'boolean' && typeof value !== 'boolean') return 'value must be true or false';
  if (dataType === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) return 'value must be a number';
  if (dataType === 'string' && typeof value !== 'string') return 'value must be text';
  if (known && typeof value === 'number') {
    if (!Number.isInteger(value)) return `${category}.${key} must be a whole number`;
    if (known.min !== undefined && value < known.min) return `${category}.${key} must be at least ${known.min}`;
    if (known.max !== undefined && value > known.max) return `${category}.${key} must be at most ${known.max}`;
  }
  if (typeof value === 'string' && value.length > (known?.maxLength ?? 2000))
    return `value must be at most ${known?.maxLength ?? 2000} characters`;
  if (known && typeof value === 'string' && value.trim() === '') return `${category}.${key} cannot be empty`;
  return null;
}

/** GET /settings/branding (any signed-in user): what the shell shows. */
export interface Branding {
  company_name: string;
}

/** AI setting groups the assistant reads (spec: "category, settings"). */
export const AI_SETTING_CATEGORIES = ['model', 'tools', 'tone'] as const;
export type AiSettingCategory = (typeof AI_SETTING_CATEGORIES)[number];
export const AI_TONES = ['professional', 'friendly', 'concise'] as const;
export type AiTone = (typeof AI_TONES)[number];

/** GET /settings/ai: one group per category. */
export interface AiSettingGroup {
  category: string;
  settings: Record<string, unknown>;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: string | null;
}

/** The assistant's settings as it applies them. */
export interface AiSettings {
  /** model: the model name sent to the model endpoint; temperature 0..2. */
  model: { model: string; temperature: number };
  /** tools: the assistant's tools that may run (names from its catalogue); null: all of them. */
  tools: { enabled_tools: string[] | null };
  tone: { tone: AiTone };
}

export const DEFAULT_AI_SETTINGS: AiSettings = {
  model: { model: 'default', temperature: 0.2 },
  tools: { enabled_tools: null },
  tone: { tone: 'professional' },
};

/** GET /settings/backup: display values (spec), and the truth about backups (none are taken by the product). */
export interface BackupStatus {
  frequency: 'daily';
  retention_days: number;
  status: 'not_configured';
  /** Null: no backup has been taken by the product. */
  last_backup_at: null;
  detail: string;
}

/** Webhook defaults and bounds (spec: 3 retries, 30 s retry delay, 30 s time-out). */
export const WEBHOOK_DEFAULTS = { retry_attempts: 3, retry_delay_seconds: 30, timeout_seconds: 30 } as const;
export const WEBHOOK_BOUNDS = {
  retry_attempts: { min: 0, max: 10 },
  retry_delay_seconds: { min: 1, max: 3600 },
  timeout_seconds: { min: 1, max: 60 },
} as const;

export interface Webhook {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  name: string;
  url: string;
  /** Event types (`lead.created`), or `*` for every event. */
  events: string[];
  retry_attempts: number;
  retry_delay_seconds: number;
  timeout_seconds: number;
  headers: Record<string, string>;
  created_by: string;
  is_active: boolean;
  success_count: number;
  failure_count: number;
  created_at: string;
  updated_at: string;
}

/** POST /settings/webhooks answers the webhook and, this once, its signing secret (`whsec_...`). */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt of one delivery (GET /settings/webhooks/{id}/deliveries, newest first). */
export interface WebhookDeliveryAttempt {
  id: string;
  webhook_id: string;
  /** The Standard Webhooks `webhook-id`: the event's id (or the test's). */
  message_id: string;
  event: string;
  attempt: number;
  status: WebhookDeliveryStatus;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
}

/** Resources the gateway limits: the first segment of an /api path (`leads` for /api/leads/...). */
export interface RateLimit {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  resource: string;
  limit_per_hour: number;
  limit_per_day: number;
  updated_at: string | null;
}

export const RATE_LIMIT_BOUNDS = { min: 1, max: 10_000_000 } as const;

/** Business rules: modules and actions (the rule engine: json-rules-engine). */
export const BUSINESS_RULE_ACTIONS = [
  'create_task',
  'set_lead_status',
  'raise_alert',
  'call_webhook',
  'send_email',
] as const;
export type BusinessRuleActionType = (typeof BUSINESS_RULE_ACTIONS)[number];

export interface BusinessRuleAction {
  type: BusinessRuleActionType;
  /** Per type: create_task {title, description?, priority?, assigned_to?}; set_lead_status {status};
   *  raise_alert {severity, message}; call_webhook {webhook_id}; send_email {to, subject, body}. Text may use {{field}}. */
  params: Record<string, unknown>;
}

/** A condition on the event's data: `fact` a field path (`source`, `lead.source`), json-rules-engine operators. */
export interface BusinessRuleCondition {
  fact: string;
  operator: string;
  value: unknown;
}

export interface BusinessRule {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  name: string;
  description: string;
  module: string;
  trigger_event: string;
  /** All must hold (`all`), or any (`any`). */
  conditions: { all?: BusinessRuleCondition[]; any?: BusinessRuleCondition[] };
  actions: BusinessRuleAction[];
  is_active: boolean;
  execution_count: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One evaluation of a rule on one event (GET /settings/business-rules/{id}/executions). */
export interface BusinessRuleExecution {
  id: string;
  rule_id: string;
  event_id: string;
  event_type: string;
  matched: boolean;
  actions: Array<{ type: BusinessRuleActionType; outcome: 'done' | 'failed' | 'would_run'; detail: string }>;
  created_at: string;
}

/** POST /settings/business-rules/{id}/test: what the rule would do with the sample event (nothing is done). */
export interface BusinessRuleTestResult {
  matched: boolean;
  actions: Array<{ type: BusinessRuleActionType; outcome: 'would_run'; detail: string }>;
}

/** Dashboard widgets (GET/PUT /settings/dashboard-widgets/{userId}), in the order shown. */
export const DASHBOARD_WIDGETS = ['metrics', 'revenue_chart', 'quick_actions', 'activity', 'insights'] as const;
export type DashboardWidgetKey = (typeof DASHBOARD_WIDGETS)[number];

export interface DashboardWidgetConfig {
  user_id: string;
  widgets: Array<{ key: DashboardWidgetKey; visible: boolean }>;
  /** The same, as the spec's Dashboard widget entity (id, widget_type, position, is_visible): one column, in order. */
  dashboard_widgets: Array<{
    id: string;
    widget_type: DashboardWidgetKey;
    position: { x: number; y: number };
    is_visible: boolean;
  }>;
  updated_at: string | null;
}

/** Sidebar entries (the web client's page keys), in sidebar order. */
export const MENU_KEYS = [
  'dashboard',
  'leads',
  'quotes',
  'documents',
  'integrations',
  'tasks',
  'workflows',
  'team',
  'users',
  'calendar',
  'monitoring',
  'settings',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** GET/PUT /settings/menu-config/{role}: which entries the role's sidebar shows (access is still the server's). */
export interface MenuConfig {
  role: string;
  items: Array<{ key: MenuKey; visible: boolean }>;
  /** The same, as the spec's Menu config entity (menu_items: name, icon, visible); `icon` names the sidebar's icon by its key. */
  menu_items: Array<{ name: string; icon: MenuKey; visible: boolean }>;
  updated_at: string | null;
}

/** The sidebar's names of the menu keys (the web client's labels). */
export const MENU_LABELS: Record<MenuKey, string> = {
  dashboard: 'Dashboard',
  leads: 'Lead Generation',
  quotes: 'Quoting Tool',
  documents: 'Document Center',
  integrations: 'Integrations Hub',
  tasks: 'Task Management',
  workflows: 'Workflow Automation',
  team: 'Team Management',
  users: 'User Management',
  calendar: 'Calendar',
  monitoring: 'Network Monitoring',
  settings: 'Settings',
};
