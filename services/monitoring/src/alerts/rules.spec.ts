import type { ProbeResult } from '@sixa/contracts';
import { sample } from '../../test/samples';
import { DEFAULT_RULES, evaluateRules, overallHealth } from './rules';

const cpuRule = DEFAULT_RULES.find((r) => r.id === 'cpu_high')!;
const stateOf = (series: Sample[], id = 'cpu_high', target?: string) =>
  evaluateRules(DEFAULT_RULES, series).find((d) => d.rule.id === id && (!target || d.target === target))?.state;

describe('alert rules', () => {
  it('CPU above 85% fires only after 3 samples in a row, and clears after 2 below', () => {
    const cpu = [50, 90, 91, 50, 90, 92, 95, 96, 60, 88, 50, 40];
    const states = cpu.map((_, i) => stateOf(cpu.slice(0, i + 1).map((c) => sample({ cpu_usage: c }))));
    expect(states).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'firing',
      'firing',
      'pending',
      'pending',
      'pending',
      'clear',
    ]);
    expect(cpuRule).toMatchObject({ above: 85, for: 3 });
  });

  it('a dependency that stops answering fires per target after 2 samples; others stay clear', () => {
    const down: ProbeResult[] = [
      { target: 'kafka', ok: true, latency_ms: 3 },
      { target: 'crm', ok: false, latency_ms: null, error: 'ECONNREFUSED' },
    ];
    const up: ProbeResult[] = [
      { target: 'kafka', ok: true, latency_ms: 3 },
      { target: 'crm', ok: true, latency_ms: 4 },
    ];
    const series = [sample({ probes: up }), sample({ probes: down }), sample({ probes: down })];
    expect(stateOf(series, 'dependency_unreachable', 'crm')).toBe('firing');
    expect(stateOf(series, 'dependency_unreachable', 'kafka')).toBe('clear');
    expect(stateOf([...series, sample({ probes: up })], 'dependency_unreachable', 'crm')).toBe('clear');
  });

  it('a missing figure (no API traffic) neither fires nor clears: the run is made of the samples that have it', () => {
    const nulls = [1, 2, 3, 4].map(() => sample({ api_response_time: null }));
    expect(stateOf(nulls, 'api_slow')).toBe('pending');
    const slow = (ms: number | null) => sample({ api_response_time: ms });
    expect(stateOf([slow(1500), slow(null), slow(1800), slow(null), slow(2000)], 'api_slow')).toBe('firing');
    // An open alert is not resolved by silence, only by fast answers.
    expect(stateOf([slow(1500), slow(1800), slow(2000), slow(null), slow(null)], 'api_slow')).toBe('firing');
    expect(stateOf([slow(1500), slow(1800), slow(2000), slow(90), slow(null), slow(80)], 'api_slow')).toBe('clear');
  });

  it('overall health: thresholds, probes and open alerts', () => {
    expect(overallHealth(sample(), [])).toBe('healthy');
    expect(overallHealth(sample(), ['low'])).toBe('healthy');
    expect(overallHealth(sample(), ['medium'])).toBe('warning');
    expect(overallHealth(sample({ cpu_usage: 86 }), [])).toBe('warning');
    expect(overallHealth(sample({ probes: [{ target: 'crm', ok: false, latency_ms: null }] }), [])).toBe('warning');
    expect(overallHealth(sample({ disk_usage: 96 }), [])).toBe('critical');
    expect(overallHealth(sample(), ['critical', 'low'])).toBe('critical');
  });
});
