import { ConfigError, type EnvReader } from '@sixa/observability';

/**
 * A deployment's names on a Kafka it may share with others (staging beside production, the stacks of
 * a test run): its topics and consumer groups carry its namespace, `<namespace>.<name>`, so that one
 * deployment never reads, answers or counts another's events. Set once per deployment
 * (`KAFKA_NAMESPACE`); empty, the names are the ones the contracts give (`crm.events.v1`).
 *
 * Only libs/kafka applies it: services, events and consumers name topics and groups as the contracts
 * do, and nothing in an event says which deployment it belongs to.
 */
export class KafkaNamespace {
  static readonly PATTERN = /^[a-z0-9][a-z0-9_-]{0,47}$/;

  constructor(readonly name = '') {
    if (name && !KafkaNamespace.PATTERN.test(name)) throw new Error(KafkaNamespace.invalid(name));
  }

  /** Why a namespace is refused, in words (the same check the service config makes at start). */
  static invalid(name: string): string {
    return `KAFKA_NAMESPACE "${name}" must be 1 to 48 lower-case letters, digits, "_" or "-", starting with a letter or digit`;
  }

  private get prefix(): string {
    return this.name ? `${this.name}.` : '';
  }

  /** The topic as this deployment names it on the brokers. */
  topic(name: string): string {
    return this.prefix + name;
  }

  /** The consumer group as this deployment names it on the brokers. */
  group(name: string): string {
    return this.prefix + name;
  }

  /** A topic's name as the contracts give it, from its name on the brokers. */
  local(topic: string): string {
    return this.prefix && topic.startsWith(this.prefix) ? topic.slice(this.prefix.length) : topic;
  }
}

/** KAFKA_NAMESPACE, checked at start: a deployment with a malformed one stops saying what to fix. */
export function readKafkaNamespace(r: EnvReader): string {
  const name = r.optional('KAFKA_NAMESPACE') ?? '';
  if (name && !KafkaNamespace.PATTERN.test(name)) throw new ConfigError(KafkaNamespace.invalid(name));
  return name;
}
