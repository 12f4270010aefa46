import { ConfigError, EnvReader } from '@sixa/observability';
import { KafkaNamespace, readKafkaNamespace } from './namespace';

describe(KafkaNamespace.name, () => {
  it('puts the namespace before topics and groups, and takes it off again', () => {
    const ns = new KafkaNamespace('staging');
    expect(ns.topic('crm.events.v1')).toBe('staging.crm.events.v1');
    expect(ns.group('crm-lead-history')).toBe('staging.crm-lead-history');
    expect(ns.local('staging.crm.events.v1')).toBe('crm.events.v1');
  });

  it('leaves the contracts names as they are when empty', () => {
    const ns = new KafkaNamespace();
    expect(ns.topic('crm.events.v1')).toBe('crm.events.v1');
    expect(ns.group('crm-lead-history')).toBe('crm-lead-history');
    expect(ns.local('crm.events.v1')).toBe('crm.events.v1');
  });

  it('refuses a name that would make another topic name or a dot-separated path', () => {
    for (const bad of ['Staging', 'a.b', '-x', 'x'.repeat(49), 'stagé'])
      expect(() => new KafkaNamespace(bad)).toThrow(/KAFKA_NAMESPACE/);
  });

  it('is read from KAFKA_NAMESPACE, empty when unset, and stops the process on a bad one', () => {
    expect(readKafkaNamespace(new EnvReader({}))).toBe('');
    expect(readKafkaNamespace(new EnvReader({ KAFKA_NAMESPACE: 'qa-2' }))).toBe('qa-2');
    expect(() => readKafkaNamespace(new EnvReader({ KAFKA_NAMESPACE: 'QA' }))).toThrow(ConfigError);
  });
});
