import type { EventEnvelopeOf, EventType } from '../events';

/**
 * Every event type's envelope, by type: the one type the AsyncAPI generator turns into JSON Schema
 * (generate.ts), so that each message's schema is the envelope the services publish.
 */
export type EventEnvelopes = { [K in EventType]: EventEnvelopeOf<K> };
