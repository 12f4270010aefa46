import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** For a service's own series (registered in `registry`). */
export { Counter } from 'prom-client';

/** One registry per process, with the default process metrics and the shared HTTP/event series. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const eventsPublished = new Counter({
  name: 'events_published_total',
  help: 'Domain events published to Kafka',
  labelNames: ['topic', 'type'] as const,
  registers: [registry],
});

export const eventsConsumed = new Counter({
  name: 'events_consumed_total',
  help: 'Domain events handled, by outcome (ok, duplicate, dead_lettered, passed_over: a type the consumer does not act on)',
  labelNames: ['topic', 'type', 'outcome'] as const,
  registers: [registry],
});

export const outboxPending = new Histogram({
  name: 'outbox_relay_batch_size',
  help: 'Events found pending per outbox relay pass',
  labelNames: ['collection'] as const,
  buckets: [0, 1, 5, 10, 50, 100, 500],
  registers: [registry],
});
