/**
 * Field and record names as a person reads them, for the server's messages (validation, conflicts)
 * and the forms that show them: `discount_percentage` is "discount", `line_items[0]` is "Line 1".
 * A field not listed reads as its words (`customer_name` -> "customer name").
 */

/** Fields whose words differ from their name. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'e-mail',
  customer_email: "customer's e-mail",
  customer_name: "customer's name",
  customer_phone: "customer's phone",
  customer_address: "customer's address",
  discount_percentage: 'discount',
  discount_amount: 'discount amount',
  product_service_id: 'product or service',
  tax_rate: 'tax rate',
  full_name: 'full name',
  username: 'username',
  avatar_url: 'avatar URL',
  due_date: 'due date',
  assigned_to: 'assignee',
  assignee_id: 'assignee',
  start_time: 'start time',
  end_time: 'end time',
  freq: 'frequency',
  time_zone: 'time zone',
  reminder_minutes: 'reminder',
  expires_in_days: 'days until it expires',
  e_signature_required: 'e-signature',
  terms_conditions: 'terms and conditions',
  category_id: 'category',
  template_id: 'template',
  name_key: 'name',
  quote_number: 'quote number',
  connected_platform: 'platform',
  connection_name: 'connection name',
  sync_frequency: 'sync frequency',
  sync_direction: 'sync direction',
  field_mappings: 'field mappings',
  retry_attempts: 'retry attempts',
  retry_delay_seconds: 'retry delay',
  timeout_seconds: 'time-out',
  limit_per_hour: 'limit per hour',
  limit_per_day: 'limit per day',
  trigger_event: 'trigger event',
  is_active: 'active',
  password_min_length: 'minimum password length',
  password_require_uppercase: 'upper-case letter rule',
  password_require_numbers: 'number rule',
  password_require_symbols: 'symbol rule',
  password_expiry_days: 'password expiry',
  data_type: 'data type',
  score_override: 'score override',
  project_count: 'project count',
  signature_type: 'signature type',
  email_message: 'e-mail message',
  signer_name: "signer's name",
};

/** Items of a list, numbered from 1 in messages: `line_items[0]` is "Line 1". */
export const ITEM_LABELS: Readonly<Record<string, string>> = {
  line_items: 'Line',
  signers: 'Signer',
  steps: 'Step',
  actions: 'Action',
  conditions: 'Condition',
  all: 'Condition',
  any: 'Condition',
  widgets: 'Widget',
  attendees: 'Attendee',
  tags: 'Tag',
  events: 'Event',
  variables: 'Variable',
};

/** Records by the collection that keeps them, as a conflict names them ("Another lead already uses ..."). */
export const RECORD_NAMES: Readonly<Record<string, string>> = {
  users: 'user',
  leads: 'lead',
  quotes: 'quote',
  products_services: 'product or service',
  tasks: 'task',
  team_members: 'team member',
  workflows: 'workflow',
  calendar_events: 'event',
  documents: 'document',
  templates: 'template',
  categories: 'category',
  webhooks: 'webhook',
  business_rules: 'business rule',
  settings_entries: 'setting',
  connections: 'connection',
  platforms: 'platform',
};

const WORDS: Readonly<Record<string, string>> = { email: 'e-mail', url: 'address', id: 'id', ai: 'AI' };

/** A field as a person reads it: its label, else its words. */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    field
      .split(/[_.]+/)
      .filter(Boolean)
      .map((w) => WORDS[w.toLowerCase()] ?? w)
      .join(' ')
  );
}

/** The `index`-th (from 0) item of the list `field`, as a person reads it: "Line 1". */
export function itemLabel(field: string, index: number): string {
  return `${ITEM_LABELS[field] ?? 'Item'} ${index + 1}`;
}

/** A record of `collection` as a person reads it ("team member"). */
export function recordName(collection: string): string {
  return RECORD_NAMES[collection] ?? fieldLabel(collection.replace(/s$/, ''));
}
