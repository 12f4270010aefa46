import type { AlertSeverity, OverallHealth } from '@sixa/contracts';
import type { MetricKey } from '../samples/sample-metrics';
import type { Sample } from '../samples/samples.repository';

/** A metric above a bound for `for` samples in a row fires; `clearFor` samples at or below clear it. */
export interface ThresholdRule {
  kind: 'threshold';
  id: string;
  metric: MetricKey;
  above: number;
  for: number;
  clearFor: number;
  severity: AlertSeverity;
}

/** A probe target that did not answer for `for` samples in a row fires, one alert per target. */
export interface UnreachableRule {
  kind: 'unreachable';
  id: string;
  for: number;
  clearFor: number;
  severity: AlertSeverity;
}

export type Rule = ThresholdRule | UnreachableRule;

export const DEFAULT_RULES: Rule[] = [
  { kind: 'threshold', id: 'cpu_high', metric: 'cpu_usage', above: 85, for: 3, clearFor: 2, severity: 'high' },
  { kind: 'threshold', id: 'memory_high', metric: 'memory_usage', above: 90, for: 3, clearFor: 2, severity: 'high' },
  { kind: 'threshold', id: 'disk_high', metric: 'disk_usage', above: 90, for: 1, clearFor: 2, severity: 'critical' },
  {
    kind: 'threshold',
    id: 'api_slow',
    metric: 'api_response_time',
    above: 1000,
    for: 3,
    clearFor: 2,
    severity: 'medium',
  },
  {
    kind: 'threshold',
    id: 'latency_high',
    metric: 'network_latency',
    above: 250,
    for: 3,
    clearFor: 2,
    severity: 'medium',
  },
  { kind: 'unreachable', id: 'dependency_unreachable', for: 2, clearFor: 1, severity: 'critical' },
];

export type RuleState = 'firing' | 'clear' | 'pending';

export interface RuleDecision {
  rule: Rule;
  target: string;
  state: RuleState;
  /** The latest value the rule looked at (null: no data, or the probe did not answer). */
  value: number | null;
}

/** The longest run of samples any rule needs to decide. */
export const windowNeeded = (rules: Rule[]) => Math.max(...rules.map((r) => Math.max(r.for, r.clearFor)));

function decide(rule: Rule, breaches: boolean[]): RuleState {
  const last = (n: number) => (breaches.length >= n ? breaches.slice(-n) : null);
  const firing = last(rule.for);
  if (firing && firing.every(Boolean)) return 'firing';
  const clear = last(rule.clearFor);
  if (clear && clear.every((b) => !b)) return 'clear';
  return 'pending';
}

/** Decides, for every rule and target, whether it fires, has cleared or is undecided, from the recent samples (oldest first). */
export function evaluateRules(rules: Rule[], recent: Sample[]): RuleDecision[] {
  const decisions: RuleDecision[] = [];
  const latest = recent[recent.length - 1];
  if (!latest) return decisions;
  for (const rule of rules) {
    if (rule.kind === 'threshold') {
      // Samples without the figure (no API traffic, a scrape that failed) neither breach nor clear.
      const values = recent.map((s) => s[rule.metric]).filter((v): v is number => typeof v === 'number');
      const breaches = values.map((v) => v > rule.above);
      decisions.push({ rule, target: rule.metric, state: decide(rule, breaches), value: latest[rule.metric] });
    } else {
      const targets = new Set(recent.flatMap((s) => s.probes.map((p) => p.target)));
      for (const target of targets) {
        const breaches = recent.map((s) => s.probes.some((p) => p.target === target && !p.ok));
        const probe = latest.probes.find((p) => p.target === target);
        decisions.push({ rule, target, state: decide(rule, breaches), value: probe?.latency_ms ?? null });
      }
    }
  }
  return decisions;
}

/**
 * Overall health: critical with an open critical alert or a resource at 95% or more; warning with an
 * open high or medium alert, a threshold crossed or a probe failing; healthy otherwise. Low alerts
 * (informational) do not change it.
 */
export function overallHealth(
  sample: Omit<Sample, 'overall_health'>,
  openSeverities: AlertSeverity[],
  rules: Rule[] = DEFAULT_RULES,
): OverallHealth {
  const resources = [sample.cpu_usage, sample.memory_usage, sample.disk_usage];
  if (openSeverities.includes('critical') || resources.some((v) => v >= 95)) return 'critical';
  if (openSeverities.some((s) => s === 'high' || s === 'medium')) return 'warning';
  if (sample.probes.some((p) => !p.ok)) return 'warning';
  const crossed = rules.some(
    (r) => r.kind === 'threshold' && typeof sample[r.metric] === 'number' && (sample[r.metric] as number) > r.above,
  );
  return crossed ? 'warning' : 'healthy';
}
