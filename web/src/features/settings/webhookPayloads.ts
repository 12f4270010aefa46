import { WEBHOOK_DEFAULTS, type Webhook } from '@sixa/contracts/browser';
import type { WebhookBody, WebhookChanges } from './settingsApi';

/** What the Add/Edit Webhook form holds: events and headers as typed. */
export interface WebhookFormValues {
  name: string;
  url: string;
  /** Comma-separated (spec). */
  events: string;
  retry_attempts: number;
  retry_delay_seconds: number;
  timeout_seconds: number;
  /** One `Name: value` a line. */
  headers: string;
}

export const NEW_WEBHOOK: WebhookFormValues = {
  name: '',
  url: '',
  events: '',
  ...WEBHOOK_DEFAULTS,
  headers: '',
};

/** Spec: events are comma-separated; trimmed, empty entries dropped. */
export function splitEvents(typed: string | undefined): string[] {
  return (typed ?? '')
    .split(',')
    .map((event) => event.trim())
    .filter(Boolean);
}

/** `Name: value` lines to a map; a line without a colon is a problem the form names. */
export function parseHeaders(typed: string | undefined): { headers: Record<string, string>; problem: string | null } {
  const headers: Record<string, string> = {};
  for (const line of (typed ?? '').split('\n')) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { headers, problem: `"${line.trim()}" is not a header (write Name: value)` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers, problem: null };
}

export function formatHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

export function toFormValues(webhook: Webhook): WebhookFormValues {
  return {
    name: webhook.name,
    url: webhook.url,
    events: webhook.events.join(', '),
    retry_attempts: webhook.retry_attempts,
    retry_delay_seconds: webhook.retry_delay_seconds,
    timeout_seconds: webhook.timeout_seconds,
    headers: formatHeaders(webhook.headers),
  };
}

export function buildWebhookBody(values: WebhookFormValues, createdBy: string): WebhookBody {
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    events: splitEvents(values.events),
    retry_attempts: values.retry_attempts ?? WEBHOOK_DEFAULTS.retry_attempts,
    retry_delay_seconds: values.retry_delay_seconds ?? WEBHOOK_DEFAULTS.retry_delay_seconds,
    timeout_seconds: values.timeout_seconds ?? WEBHOOK_DEFAULTS.timeout_seconds,
    headers: parseHeaders(values.headers).headers,
    created_by: createdBy,
  };
}

/** The fields an edit changed (a partial PUT). */
export function webhookChanges(before: Webhook, values: WebhookFormValues): WebhookChanges {
  const after = buildWebhookBody(values, before.created_by);
  const changes: WebhookChanges = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.url !== before.url) changes.url = after.url;
  if (after.events.join(',') !== before.events.join(',')) changes.events = after.events;
  if (after.retry_attempts !== before.retry_attempts) changes.retry_attempts = after.retry_attempts;
  if (after.retry_delay_seconds !== before.retry_delay_seconds) changes.retry_delay_seconds = after.retry_delay_seconds;
  if (after.timeout_seconds !== before.timeout_seconds) changes.timeout_seconds = after.timeout_seconds;
  if (JSON.stringify(after.headers) !== JSON.stringify(before.headers)) changes.headers = after.headers;
  return changes;
}
