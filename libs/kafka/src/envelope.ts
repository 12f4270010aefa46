import { EVENT_TOPICS, type EventEnvelope, type EventMap, type EventType } from '@sixa/contracts';
import { randomUUID } from 'node:crypto';

/** Builds a CloudEvents envelope for one domain event. */
export function createEvent<T extends EventType>(
  source: string,
  type: T,
  subject: string,
  actor: string,
  data: EventMap[T],
): EventEnvelope<T> {
  return {
    specversion: '1.0',
    id: randomUUID(),
    source,
    type,
    subject,
    time: new Date().toISOString(),
    actor,
    datacontenttype: 'application/json',
    data,
  };
}

/** What an outbox entry holds: the topic, the key (aggregate id) and the serialised envelope. */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  value: string;
}

export function toOutboxEntry(event: EventEnvelope): OutboxEntry {
  return { id: event.id, topic: EVENT_TOPICS[event.type], key: event.subject, value: JSON.stringify(event) };
}
