import type { BusinessRule, BusinessRuleActionType, BusinessRuleCondition } from '@sixa/contracts/browser';
import type { BusinessRuleBody, SampleEvent } from './settingsApi';

/** json-rules-engine's operators, in words. */
export const RULE_OPERATORS = [
  { value: 'equal', label: 'equals' },
  { value: 'notEqual', label: 'does not equal' },
  { value: 'greaterThan', label: 'greater than' },
  { value: 'greaterThanInclusive', label: 'at least' },
  { value: 'lessThan', label: 'less than' },
  { value: 'lessThanInclusive', label: 'at most' },
  { value: 'in', label: 'is one of' },
  { value: 'notIn', label: 'is none of' },
  { value: 'contains', label: 'contains' },
  { value: 'doesNotContain', label: 'does not contain' },
] as const;

const LIST_OPERATORS = new Set(['in', 'notIn']);

/**
 * What a condition row's fields say when left empty, in words naming the row ("Condition 2: choose
 * the field to test"), as antd form rules for the row at `index` (0-based).
 */
export function conditionRules(index: number) {
  const row = `Condition ${index + 1}`;
  return {
    fact: [{ required: true, whitespace: true, message: `${row}: choose the field to test (e.g. source)` }],
    operator: [{ required: true, message: `${row}: choose how to compare` }],
    value: [{ required: true, whitespace: true, message: `${row}: enter the value to compare with` }],
  };
}

export const ACTION_LABELS: Record<BusinessRuleActionType, string> = {
  create_task: 'Create a task',
  set_lead_status: "Set the lead's status",
  raise_alert: 'Raise a monitoring alert',
  call_webhook: 'Call a webhook',
  send_email: 'Send an e-mail',
};

/** The modules a rule belongs to (what the Business Rules list groups by). */
export const RULE_MODULES = ['leads', 'quotes', 'tasks', 'documents', 'calendar', 'workflows', 'users', 'monitoring'];

/** The module an event type belongs to by its prefix (`lead.created` -> leads). */
export function moduleOf(eventType: string): string | undefined {
  const prefix = eventType.split('.')[0] ?? '';
  const byPrefix: Record<string, string> = {
    lead: 'leads',
    quote: 'quotes',
    product: 'quotes',
    task: 'tasks',
    document: 'documents',
    document_template: 'documents',
    document_category: 'documents',
    calendar: 'calendar',
    workflow: 'workflows',
    user: 'users',
    alert: 'monitoring',
    status: 'monitoring',
  };
  return byPrefix[prefix];
}

export interface ConditionRow {
  fact: string;
  operator: string;
  /** As typed: a number, true/false, comma-separated for "is one of", else text. */
  value: string;
}

export interface ActionRow {
  type: BusinessRuleActionType;
  params: Record<string, string | undefined>;
}

export interface RuleFormValues {
  name: string;
  description: string;
  module: string;
  trigger_event: string;
  match: 'all' | 'any';
  conditions: ConditionRow[];
  actions: ActionRow[];
  is_active: boolean;
}

export const NEW_RULE: RuleFormValues = {
  name: '',
  description: '',
  module: 'leads',
  trigger_event: 'lead.created',
  match: 'all',
  conditions: [{ fact: 'source', operator: 'equal', value: '' }],
  actions: [{ type: 'create_task', params: { title: '', priority: 'medium' } }],
  is_active: true,
};

function typedValue(typed: string): unknown {
  const text = typed.trim();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text !== '' && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return typed;
}

/** What a condition row sends: lists for "is one of", numbers and booleans as such, else text. */
export function conditionValue(row: ConditionRow): unknown {
  if (LIST_OPERATORS.has(row.operator))
    return (row.value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(typedValue);
  return typedValue(row.value ?? '');
}

export function conditionText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(', ');
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Drops empty params (an optional field left blank). */
function cleanParams(params: Record<string, string | undefined>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params ?? {}).filter(([, value]) => value !== undefined && String(value).trim() !== ''),
  );
}

export function buildRuleBody(values: RuleFormValues): BusinessRuleBody {
  const conditions: BusinessRuleCondition[] = (values.conditions ?? [])
    .filter((row) => row?.fact?.trim())
    .map((row) => ({ fact: row.fact.trim(), operator: row.operator, value: conditionValue(row) }));
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    module: values.module,
    trigger_event: values.trigger_event.trim(),
    conditions: values.match === 'any' ? { any: conditions } : { all: conditions },
    actions: (values.actions ?? []).map((action) => ({ type: action.type, params: cleanParams(action.params) })),
    is_active: values.is_active,
  };
}

export function ruleFormValues(rule: BusinessRule): RuleFormValues {
  const match = rule.conditions.any ? 'any' : 'all';
  const rows = rule.conditions[match] ?? [];
  return {
    name: rule.name,
    description: rule.description,
    module: rule.module,
    trigger_event: rule.trigger_event,
    match,
    conditions: rows.map((c) => ({ fact: c.fact, operator: c.operator, value: conditionText(c.value) })),
    actions: rule.actions.map((action) => ({
      type: action.type,
      params: Object.fromEntries(Object.entries(action.params).map(([k, v]) => [k, conditionText(v)])),
    })),
    is_active: rule.is_active,
  };
}

/** Sets `path` (`lead.source`) in `target` to `value`. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** A sample event that meets the rule's conditions where it can: a start for the test. */
export function sampleEventFor(rule: BusinessRule): SampleEvent {
  const data: Record<string, unknown> = {};
  for (const condition of rule.conditions.all ?? rule.conditions.any ?? []) {
    const value = Array.isArray(condition.value) ? condition.value[0] : condition.value;
    if (condition.operator === 'equal' || condition.operator === 'in' || condition.operator === 'contains')
      setPath(data, condition.fact, value);
    else if (condition.operator.startsWith('greaterThan') && typeof value === 'number')
      setPath(data, condition.fact, value + 1);
    else if (condition.operator.startsWith('lessThan') && typeof value === 'number')
      setPath(data, condition.fact, value - 1);
    else setPath(data, condition.fact, '');
  }
  return { type: rule.trigger_event, data };
}

/** The test's JSON: an object with `type` (text) and `data` (an object); else what is wrong. */
export function parseSampleEvent(text: string): { event: SampleEvent | null; problem: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { event: null, problem: `Not valid JSON: ${(e as Error).message}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { event: null, problem: 'The event must be an object {"type": ..., "data": {...}}' };
  const { type, data } = parsed as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !type.trim())
    return { event: null, problem: 'The event needs a "type" (lead.created)' };
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { event: null, problem: 'The event needs a "data" object' };
  return { event: { type, data: data as Record<string, unknown> }, problem: null };
}

/** One line about a rule's conditions ("source equals Referral and score at least 50"). */
export function describeConditions(rule: BusinessRule): string {
  const any = Boolean(rule.conditions.any);
  const rows = (any ? rule.conditions.any : rule.conditions.all) ?? [];
  if (!rows.length) return 'Always';
  const words = (op: string) => RULE_OPERATORS.find((o) => o.value === op)?.label ?? op;
  return rows.map((c) => `${c.fact} ${words(c.operator)} ${conditionText(c.value)}`).join(any ? ' or ' : ' and ');
}
