import type { EventEnvelope, EventEnvelopeOf, EventMap, EventType } from '@sixa/contracts';
import { randomUUID } from 'node:crypto';

/** Builds a CloudEvents envelope for one domain event. */
export function createEvent<T extends EventType>(
  source: string,
  type: T,
  subject: string,
  actor: string,
  data: EventMap[T],
): EventEnvelope<T> {
  const event: EventEnvelopeOf<T> = {
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
  return event as EventEnvelope<T>;
}

export { toOutboxEntry, type OutboxEntry } from '@sixa/mongo';
