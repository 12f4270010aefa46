import { sample } from '../../test/samples';
import { DEFAULT_RULES } from '../alerts/rules';
import type { Sample } from '../samples/samples.repository';
import { explainAlert } from '../alerts/alert-explanation';
import { forecastDisk, linearFit, metricTrend } from '../samples/trends';
import { analyze, findAnomalies } from './analysis';

const HOUR = 3_600_000;
const noAlerts = { open: 0, last_24h: 0, by_severity: { low: 0, medium: 0, high: 0, critical: 0 }, open_titles: [] };

/** A deterministic wobble in [-amp, amp], so that the series is noisy but the test repeatable. */
const wobble = (i: number, amp: number) => amp * Math.sin(i * 12.9898) * Math.cos(i * 4.1414);

function series(
  hours: number,
  everySeconds: number,
  now: Date,
  f: (hoursAgo: number, i: number) => Partial<Sample>,
): Sample[] {
  const out: Sample[] = [];
  const n = Math.floor((hours * 3600) / everySeconds);
  for (let i = n; i >= 0; i--) {
    const at = new Date(now.getTime() - i * everySeconds * 1000);
    out.push(sample(f((i * everySeconds) / 3600, i), at));
  }
  return out;
}

describe('analysis', () => {
  it('least squares recovers a line', () => {
    expect(
      linearFit([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toEqual({ slope: 2, intercept: 1 });
  });

  it('a rising disk series yields a fill forecast within 10% of the true one', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    // 0.8 %/h, at 70% now, with ±1.5 points of noise on every sample: truly full in 37.5 h.
    const samples = series(24, 10, now, (ago, i) => ({
      disk_usage: Math.round((70 - 0.8 * ago + wobble(i, 1.5)) * 10) / 10,
    }));
    const truth = 30 / 0.8;
    const f = forecastDisk(samples, now)!;
    expect(Math.abs(f.hours_to_full! - truth) / truth).toBeLessThan(0.1);
    expect(Math.abs(new Date(f.full_at!).getTime() - (now.getTime() + truth * HOUR)) / (truth * HOUR)).toBeLessThan(
      0.1,
    );
    const result = analyze(samples, noAlerts, now);
    expect(result.forecast.disk!.hours_to_full).toBe(f.hours_to_full);
    expect(result.recommendations.join(' ')).toMatch(/Disk fills in about/);
    expect(result.summary).toMatch(/disk is full in/);
  });

  it('a flat or falling disk has no fill time', () => {
    const now = new Date();
    const flat = series(6, 60, now, (_ago, i) => ({ disk_usage: 50 + wobble(i, 0.2) }));
    expect(forecastDisk(flat, now)!.full_at).toBeNull();
  });

  it('finds a spike in the last 30 minutes against the baseline, and nothing in a quiet series', () => {
    const now = new Date();
    const quiet = series(6, 60, now, (_ago, i) => ({ cpu_usage: 30 + wobble(i, 3) }));
    expect(findAnomalies(quiet, now)).toEqual([]);
    const spiky = quiet.map((s, i) => (i === quiet.length - 5 ? { ...s, cpu_usage: 97 } : s));
    const [a] = findAnomalies(spiky, now);
    expect(a).toMatchObject({ metric: 'cpu_usage', value: 97 });
    expect(a.z_score).toBeGreaterThan(3);
  });

  it('trends: rising memory, steady CPU', () => {
    const now = new Date();
    const s = series(6, 60, now, (ago, i) => ({ memory_usage: 80 - 2 * ago, cpu_usage: 30 + wobble(i, 2) }));
    expect(metricTrend(s, 'memory_usage')).toMatchObject({ trend: 'rising', slope_per_hour: 2 });
    expect(metricTrend(s, 'cpu_usage').trend).toBe('steady');
    expect(analyze(s, noAlerts, now).recommendations.join(' ')).toMatch(/Memory rises by 2%\/h/);
  });

  it('calls no trend and no disk forecast on under 15 minutes of data', () => {
    const now = new Date();
    const s = series(0.1, 10, now, (ago) => ({ cpu_usage: 90 - 500 * ago, disk_usage: 50 + 100 * (0.1 - ago) }));
    expect(metricTrend(s, 'cpu_usage')).toMatchObject({ trend: 'steady', slope_per_hour: null });
    expect(forecastDisk(s, now)).toBeNull();
    expect(analyze(s, noAlerts, now).summary).toMatch(/too short to call trends/);
  });

  it('an empty window says so', () => {
    expect(analyze([], noAlerts, new Date()).summary).toMatch(/No samples/);
  });

  it('explains an unreachable dependency when every other target answers', () => {
    const down = { target: 'crm', ok: false, latency_ms: null, error: 'connect ECONNREFUSED' };
    const ok = { target: 'kafka', ok: true, latency_ms: 2 };
    const recent = [
      sample({ probes: [ok, { ...down, ok: true, latency_ms: 3 }] }),
      sample({ probes: [ok, down] }),
      sample({ probes: [ok, down] }),
    ];
    const text = explainAlert(
      DEFAULT_RULES.find((r) => r.id === 'dependency_unreachable')!,
      'crm',
      recent,
    );
    expect(text).toMatch(/crm has not answered for 2 consecutive samples \(last error: connect ECONNREFUSED\)/);
    expect(text).toMatch(/crm itself is down/);
  });
});
