import {
  ALERT_SEVERITIES,
  BUSINESS_RULE_ACTIONS,
  LEAD_STATUSES,
  TASK_PRIORITIES,
  type BusinessRuleAction,
  type BusinessRuleCondition,
  type BusinessRuleActionType,
} from '@sixa/contracts';
import { Engine } from 'json-rules-engine';

/** json-rules-engine's built-in operators (the ones a condition may name). */
export const RULE_OPERATORS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
] as const;

export type RuleConditions = { all?: BusinessRuleCondition[]; any?: BusinessRuleCondition[] };

const MAX_CONDITIONS = 20;
const MAX_ACTIONS = 10;
const FACT = /^[A-Za-z_][\w]*(\.[\w]+)*$/;

/**
 * What a condition's fact names in an event's data: a dotted path, read in the event's data itself
 * (`lead.source`) or, failing that, in the aggregate the event is about (`source` for the lead of a
 * lead.created), plus `event_type`.
 */
export function factOf(data: Record<string, unknown>, type: string, path: string): unknown {
  if (path === 'event_type') return type;
  const read = (from: unknown) =>
    path
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), from);
  const direct = read(data);
  if (direct !== undefined) return direct;
  // The aggregate the event is named after (`quote` for quote.accepted), else the only one it carries.
  const named = data[type.split('.')[0]];
  if (named && typeof named === 'object' && !Array.isArray(named)) return read(named);
  const aggregates = Object.values(data).filter((v) => v && typeof v === 'object' && !Array.isArray(v));
  return aggregates.length === 1 ? read(aggregates[0]) : undefined;
}

/** `{{path}}` in an action's text, filled from the event (missing: empty). */
export function fill(text: string, data: Record<string, unknown>, type: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    const v = factOf(data, type, path);
    return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

/** Whether the event's data meets the conditions (json-rules-engine; no conditions: always). */
export async function matches(
  conditions: RuleConditions,
  data: Record<string, unknown>,
  type: string,
): Promise<boolean> {
  const toEngine = (c: BusinessRuleCondition) => ({
    fact: 'field',
    params: { path: c.fact },
    operator: c.operator,
    value: c.value,
  });
  const top = conditions.any?.length
    ? { any: conditions.any.map(toEngine) }
    : { all: (conditions.all ?? []).map(toEngine) };
  const engine = new Engine([{ conditions: top, event: { type: 'matched' } }], { allowUndefinedFacts: true });
  engine.addFact('field', (params: { path: string }) => factOf(data, type, params.path) ?? null);
  const { events } = await engine.run();
  return events.length > 0;
}

/** The conditions as given, checked (a sentence naming what is wrong, or the clean conditions). */
export function checkConditions(value: unknown): RuleConditions | string {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return 'conditions must be an object: {"all": [...]} or {"any": [...]}';
  const raw = value as Record<string, unknown>;
  const keys = Object.keys(raw);
  if (keys.some((k) => k !== 'all' && k !== 'any'))
    return 'conditions take all or any, each a list of {fact, operator, value}';
  if (raw.all !== undefined && raw.any !== undefined) return 'conditions take all or any, not both';
  const list = (raw.all ?? raw.any ?? []) as unknown;
  if (!Array.isArray(list)) return 'conditions.all (or any) must be a list';
  if (list.length > MAX_CONDITIONS) return `at most ${MAX_CONDITIONS} conditions`;
  const out: BusinessRuleCondition[] = [];
  for (const [i, c] of list.entries()) {
    const cond = c as Record<string, unknown>;
    if (!cond || typeof cond !== 'object') return `condition ${i + 1} must be {fact, operator, value}`;
    if (typeof cond.fact !== 'string' || !FACT.test(cond.fact))
      return `condition ${i + 1}: fact must be a field of the event such as source or lead.source`;
    if (!(RULE_OPERATORS as readonly unknown[]).includes(cond.operator))
      return `condition ${i + 1}: operator must be one of ${RULE_OPERATORS.join(', ')}`;
    if (cond.value === undefined) return `condition ${i + 1}: value is required`;
    if ((cond.operator === 'in' || cond.operator === 'notIn') && !Array.isArray(cond.value))
      return `condition ${i + 1}: ${cond.operator} takes a list of values`;
    out.push({ fact: cond.fact, operator: cond.operator as string, value: cond.value });
  }
  return raw.any !== undefined ? { any: out } : { all: out };
}

const text = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

/** The actions as given, checked against each type's parameters (a sentence, or the clean actions). */
export function checkActions(raw: unknown[], webhookExists: (id: string) => boolean): BusinessRuleAction[] | string {
  if (raw.length === 0) return 'a rule needs at least one action';
  if (raw.length > MAX_ACTIONS) return `at most ${MAX_ACTIONS} actions`;
  const out: BusinessRuleAction[] = [];
  for (const [i, a] of raw.entries()) {
    const act = a as { type?: unknown; params?: Record<string, unknown> };
    const n = `action ${i + 1}`;
    if (!act || !(BUSINESS_RULE_ACTIONS as readonly unknown[]).includes(act.type))
      return `${n}: type must be one of ${BUSINESS_RULE_ACTIONS.join(', ')}`;
    const p = act.params ?? {};
    if (typeof p !== 'object' || Array.isArray(p)) return `${n}: params must be an object`;
    const type = act.type as BusinessRuleActionType;
    switch (type) {
      case 'create_task':
        if (!text(p.title, 200)) return `${n}: create_task needs a title (at most 200 characters; {{field}} allowed)`;
        if (p.priority !== undefined && !(TASK_PRIORITIES as readonly unknown[]).includes(p.priority))
          return `${n}: priority must be one of ${TASK_PRIORITIES.join(', ')}`;
        if (p.description !== undefined && (typeof p.description !== 'string' || p.description.length > 2000))
          return `${n}: description must be text (at most 2000 characters)`;
        if (p.assigned_to !== undefined && (typeof p.assigned_to !== 'string' || p.assigned_to.length > 120))
          return `${n}: assigned_to must be a name (at most 120 characters)`;
        out.push({
          type,
          params: {
            title: p.title,
            description: p.description ?? '',
            priority: p.priority ?? 'medium',
            assigned_to: p.assigned_to ?? '',
          },
        });
        break;
      case 'set_lead_status':
        if (!(LEAD_STATUSES as readonly unknown[]).includes(p.status))
          return `${n}: set_lead_status needs a status, one of ${LEAD_STATUSES.join(', ')}`;
        out.push({ type, params: { status: p.status } });
        break;
      case 'raise_alert':
        if (!(ALERT_SEVERITIES as readonly unknown[]).includes(p.severity))
          return `${n}: raise_alert needs a severity, one of ${ALERT_SEVERITIES.join(', ')}`;
        if (!text(p.message, 500)) return `${n}: raise_alert needs a message (at most 500 characters)`;
        out.push({ type, params: { severity: p.severity, message: p.message } });
        break;
      case 'call_webhook':
        if (typeof p.webhook_id !== 'string' || !webhookExists(p.webhook_id))
          return `${n}: call_webhook needs the id of one of the webhooks in Integration Settings`;
        out.push({ type, params: { webhook_id: p.webhook_id } });
        break;
      case 'send_email':
        if (!text(p.to, 254)) return `${n}: send_email needs a recipient (an address or {{field}})`;
        if (!text(p.subject, 200)) return `${n}: send_email needs a subject (at most 200 characters)`;
        if (typeof p.body !== 'string' || p.body.length > 10_000)
          return `${n}: send_email needs a body (at most 10000 characters)`;
        out.push({ type, params: { to: p.to, subject: p.subject, body: p.body } });
        break;
    }
  }
  return out;
}

/** What an action would do with this event, in words (the test endpoint and the execution log). */
export function describeAction(a: BusinessRuleAction, data: Record<string, unknown>, type: string): string {
  const p = a.params;
  switch (a.type) {
    case 'create_task':
      return `create the task "${fill(String(p.title), data, type)}" (priority ${String(p.priority)})`;
    case 'set_lead_status':
      return `set the lead ${String(factOf(data, type, 'id') ?? factOf(data, type, 'lead_id') ?? '(none in the event)')} to ${String(p.status)}`;
    case 'raise_alert':
      return `raise a ${String(p.severity)} alert: ${fill(String(p.message), data, type)}`;
    case 'call_webhook':
      return `send the event to webhook ${String(p.webhook_id)}`;
    case 'send_email':
      return `e-mail ${fill(String(p.to), data, type)}: "${fill(String(p.subject), data, type)}"`;
  }
}
