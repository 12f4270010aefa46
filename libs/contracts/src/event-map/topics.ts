/**
 * Kafka topics, one per bounded context and version. Frozen: renaming a topic strands every
 * consumer group's offsets and every event still in the old one; add a new version instead.
 */
export const TOPICS = Object.freeze({
  auth: 'auth.events.v1',
  crm: 'crm.events.v1',
  work: 'work.events.v1',
  documents: 'documents.events.v1',
  integrations: 'integrations.events.v1',
  settings: 'settings.events.v1',
  assistant: 'assistant.events.v1',
  monitoring: 'monitoring.events.v1',
  monitoringStatus: 'monitoring.status.v1',
  /** The gateway's sightings of signed-in users (presence), at most one per user per minute. */
  presence: 'gateway.presence.v1',
} as const);
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/**
 * Every bounded context's `*.events.v1`: what webhooks, business rules and workflow triggers can
 * follow (not the status samples or presence, which are measurements).
 */
export const DOMAIN_TOPICS: readonly Topic[] = [
  TOPICS.auth,
  TOPICS.crm,
  TOPICS.work,
  TOPICS.documents,
  TOPICS.integrations,
  TOPICS.settings,
  TOPICS.assistant,
  TOPICS.monitoring,
];

export const dlqTopic = (topic: string): string => `${topic}.dlq`;
