import type { Topic } from './event-map/topics';
import { AUTH_EVENT_TOPICS, type AuthEvents } from './event-map/auth';
import { CRM_EVENT_TOPICS, type CrmEvents } from './event-map/crm';
import { WORK_EVENT_TOPICS, type WorkEvents } from './event-map/work';
import { DOCUMENTS_EVENT_TOPICS, type DocumentsEvents } from './event-map/documents';
import { INTEGRATIONS_EVENT_TOPICS, type IntegrationsEvents } from './event-map/integrations';
import { SETTINGS_EVENT_TOPICS, type SettingsEvents } from './event-map/settings';
import { ASSISTANT_EVENT_TOPICS, type AssistantEvents } from './event-map/assistant';
import { MONITORING_EVENT_TOPICS, type MonitoringEvents } from './event-map/monitoring';
import { GATEWAY_EVENT_TOPICS, type GatewayEvents } from './event-map/gateway';

/**
 * The events of every context, declared per context in `event-map/` (each with the topic of each
 * event) and joined here into one map.
 */
export * from './event-map/topics';
export * from './event-map/auth';
export * from './event-map/crm';
export * from './event-map/work';
export * from './event-map/documents';
export * from './event-map/integrations';
export * from './event-map/settings';
export * from './event-map/assistant';
export * from './event-map/monitoring';
export * from './event-map/gateway';

/** CloudEvents 1.0 structured envelope of one event type. */
export interface EventEnvelopeOf<T extends EventType> {
  specversion: '1.0';
  /** Unique per event: a redelivered event has the same id (consumers deduplicate by it). */
  id: string;
  /** The service that published it (`crm`). */
  source: string;
  type: T;
  /** The id of the record it is about; also the Kafka key, so one subject's events stay in order. */
  subject: string;
  /**
   * When it happened (ISO 8601, UTC).
   * @format date-time
   */
  time: string;
  /** Who caused it: a user's id, or `system` for what no user did. */
  actor: string;
  datacontenttype: 'application/json';
  data: EventMap[T];
}

/**
 * The envelope shared by every service: a union discriminated on `type`, so that a handler that
 * checks `event.type` gets the data of that type without a cast. `EventEnvelope<'quote.sent'>` is one member.
 */
export type EventEnvelope<T extends EventType = EventType> = { [K in T]: EventEnvelopeOf<K> }[T];

/** Every event type and its data, declared once. Publishing and handling are checked against it. */
export interface EventMap
  extends
    AuthEvents,
    CrmEvents,
    WorkEvents,
    DocumentsEvents,
    IntegrationsEvents,
    SettingsEvents,
    AssistantEvents,
    MonitoringEvents,
    GatewayEvents {}

export type EventType = keyof EventMap;

/** Which topic each event type is published on. */
export const EVENT_TOPICS: { [K in EventType]: Topic } = {
  ...AUTH_EVENT_TOPICS,
  ...CRM_EVENT_TOPICS,
  ...WORK_EVENT_TOPICS,
  ...DOCUMENTS_EVENT_TOPICS,
  ...INTEGRATIONS_EVENT_TOPICS,
  ...SETTINGS_EVENT_TOPICS,
  ...ASSISTANT_EVENT_TOPICS,
  ...MONITORING_EVENT_TOPICS,
  ...GATEWAY_EVENT_TOPICS,
};

export function isEventEnvelope(value: unknown): value is EventEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.specversion === '1.0' &&
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.source === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.time === 'string' &&
    typeof v.data === 'object' &&
    v.data !== null
  );
}
