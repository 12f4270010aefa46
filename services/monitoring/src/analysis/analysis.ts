import type { Anomaly, DiskForecast, MetricTrend, StructuredAnalysis } from '@sixa/contracts';
import type { AlertCounts } from '../alerts/alerts.service';
import { METRIC_LABELS, type MetricKey } from '../samples/sample-metrics';
import type { Sample } from '../samples/samples.repository';
import {
  describeDuration,
  forecastDisk,
  HOUR_MS,
  mean,
  metricTrend,
  MIN_TREND_HOURS,
  r1,
  r2,
  stddev,
} from '../samples/trends';

const ANALYZED: MetricKey[] = ['cpu_usage', 'memory_usage', 'disk_usage', 'network_latency', 'api_response_time'];

/**
 * Points of the last `recentMs` that lie 3 or more standard deviations from the baseline (the window
 * before them). The strongest first, at most `limit`.
 */
export function findAnomalies(samples: Sample[], now: Date, recentMs = 30 * 60_000, limit = 10): Anomaly[] {
  const cut = now.getTime() - recentMs;
  const found: Anomaly[] = [];
  for (const metric of ANALYZED) {
    const base = samples
      .filter((s) => s.at.getTime() < cut && typeof s[metric] === 'number')
      .map((s) => s[metric] as number);
    if (base.length < 10) continue;
    const m = mean(base);
    // A floor under the deviation: a perfectly flat baseline would make any wobble "infinitely" anomalous.
    const sd = Math.max(stddev(base), Math.abs(m) * 0.01, 0.5);
    for (const s of samples) {
      const v = s[metric];
      if (s.at.getTime() < cut || typeof v !== 'number') continue;
      const z = (v - m) / sd;
      if (Math.abs(z) >= 3)
        found.push({
          metric,
          at: s.at.toISOString(),
          value: v,
          baseline_mean: r1(m),
          baseline_stddev: r2(sd),
          z_score: r1(z),
        });
    }
  }
  return found.sort((a, b) => Math.abs(b.z_score) - Math.abs(a.z_score)).slice(0, limit);
}

function unreachableCounts(samples: Sample[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of samples) for (const p of s.probes) if (!p.ok) counts.set(p.target, (counts.get(p.target) ?? 0) + 1);
  return counts;
}

export function recommendations(
  trends: MetricTrend[],
  disk: DiskForecast | null,
  samples: Sample[],
  alerts: AlertCounts,
): string[] {
  const out: string[] = [];
  const t = (m: MetricKey) => trends.find((x) => x.metric === m)!;
  if (disk?.hours_to_full !== null && disk?.hours_to_full !== undefined && disk.hours_to_full < 7 * 24) {
    out.push(
      `Disk fills in about ${describeDuration(disk.hours_to_full)} at ${disk.rate_per_hour}%/h: remove old data or logs, or grow the volume before ${disk.full_at}.`,
    );
  }
  const cpu = t('cpu_usage');
  if (cpu.mean !== null && cpu.mean > 70)
    out.push(`CPU averaged ${cpu.mean}%: add replicas or CPU before it saturates.`);
  const mem = t('memory_usage');
  if (mem.trend === 'rising' && mem.slope_per_hour !== null && mem.slope_per_hour > 0.5) {
    out.push(
      `Memory rises by ${mem.slope_per_hour}%/h with no sign of levelling off: look for a leak in the processes that grew.`,
    );
  }
  const api = t('api_response_time');
  if (api.max !== null && api.max > 1000)
    out.push(`API p95 reached ${api.max} ms: find the slowest routes in the gateway's metrics per service.`);
  for (const [target, n] of unreachableCounts(samples)) {
    out.push(`${target} did not answer in ${n} of ${samples.length} samples: check its logs and restarts.`);
  }
  if (alerts.by_severity.critical > 0)
    out.push(`${alerts.by_severity.critical} critical alert(s) are open: handle them first.`);
  if (out.length === 0) out.push('No action needed: every figure is within its bounds and no trend threatens them.');
  return out;
}

function summarize(
  samples: Sample[],
  trends: MetricTrend[],
  anomalies: Anomaly[],
  disk: DiskForecast | null,
  alerts: AlertCounts,
): string {
  if (samples.length === 0) return 'No samples in the window yet: nothing to analyse.';
  const parts: string[] = [];
  const span = (samples[samples.length - 1].at.getTime() - samples[0].at.getTime()) / HOUR_MS;
  parts.push(`Analysed ${samples.length} samples over ${describeDuration(span)}.`);
  if (span < MIN_TREND_HOURS) parts.push('Under 15 minutes of data: too short to call trends or forecast the disk.');
  const fmt = (tr: MetricTrend) => {
    const l = METRIC_LABELS[tr.metric as MetricKey];
    return `${l.name} ${tr.current}${l.unit} (mean ${tr.mean}${l.unit}, ${tr.trend})`;
  };
  parts.push(
    trends
      .filter((tr) => tr.current !== null)
      .map(fmt)
      .join('; ') + '.',
  );
  if (anomalies.length) {
    const a = anomalies[0];
    parts.push(
      `${anomalies.length} anomal${anomalies.length === 1 ? 'y' : 'ies'} in the last 30 minutes; the strongest: ${METRIC_LABELS[a.metric as MetricKey].name} ${a.value} at ${a.at} (${a.z_score} standard deviations from ${a.baseline_mean}).`,
    );
  } else {
    parts.push('No anomalies against the baseline in the last 30 minutes.');
  }
  if (disk?.hours_to_full != null)
    parts.push(`At the current rate the disk is full in ${describeDuration(disk.hours_to_full)}.`);
  parts.push(
    alerts.open ? `${alerts.open} alert(s) open: ${alerts.open_titles.slice(0, 3).join(', ')}.` : 'No open alerts.',
  );
  return parts.join(' ');
}

/** The deterministic analysis of a window of samples and the alert counts. */
export function analyze(samples: Sample[], alerts: AlertCounts, now: Date): StructuredAnalysis {
  const trends = ANALYZED.map((m) => metricTrend(samples, m));
  const anomalies = findAnomalies(samples, now);
  const disk = forecastDisk(samples, now);
  const { open_titles: _titles, ...counts } = alerts;
  return {
    summary: summarize(samples, trends, anomalies, disk, alerts),
    window: {
      from: samples[0]?.at.toISOString() ?? null,
      to: samples[samples.length - 1]?.at.toISOString() ?? null,
      samples: samples.length,
    },
    trends,
    anomalies,
    forecast: { disk },
    alerts: counts,
    recommendations: recommendations(trends, disk, samples, alerts),
  };
}
