import type { AlertSeverity, Anomaly, DiskForecast, MetricTrend, StructuredAnalysis } from '@sixa/contracts';
import { METRIC_LABELS, type MetricKey, type Rule } from '../alerts/rules';
import type { Sample } from '../samples/samples.repository';

const HOUR_MS = 3_600_000;
const MIN_TREND_HOURS = 0.25;
const ANALYZED: MetricKey[] = ['cpu_usage', 'memory_usage', 'disk_usage', 'network_latency', 'api_response_time'];

const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;

export function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function stddev(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Ordinary least squares y = intercept + slope * x. */
export function linearFit(points: Array<{ x: number; y: number }>): { slope: number; intercept: number } | null {
  if (points.length < 2) return null;
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** The numeric values of one metric, with their time in hours since `origin`. */
function series(samples: Sample[], metric: MetricKey, origin: number) {
  return samples
    .filter((s) => typeof s[metric] === 'number')
    .map((s) => ({ x: (s.at.getTime() - origin) / HOUR_MS, y: s[metric] as number, at: s.at }));
}

export function metricTrend(samples: Sample[], metric: MetricKey): MetricTrend {
  const origin = samples[0]?.at.getTime() ?? 0;
  const pts = series(samples, metric, origin);
  if (pts.length === 0)
    return { metric, current: null, mean: null, min: null, max: null, slope_per_hour: null, trend: 'steady' };
  const ys = pts.map((p) => p.y);
  const fit = linearFit(pts);
  const span = pts[pts.length - 1].x - pts[0].x;
  const m = mean(ys);
  // Rising or falling when the fitted change over the window is more than 5% of the mean (at least 1 unit).
  // Under 15 minutes of data a slope is mostly start-up noise: no trend is called.
  const enough = fit !== null && span >= MIN_TREND_HOURS;
  const change = enough ? fit.slope * span : 0;
  const trend = Math.abs(change) > Math.max(1, Math.abs(m) * 0.05) ? (change > 0 ? 'rising' : 'falling') : 'steady';
  return {
    metric,
    current: ys[ys.length - 1],
    mean: r1(m),
    min: Math.min(...ys),
    max: Math.max(...ys),
    slope_per_hour: enough ? r2(fit.slope) : null,
    trend,
  };
}

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

/**
 * When the disk reaches 100% at the rate of the last `lookbackMs` (a least-squares line through the
 * samples, so that single noisy samples do not swing it). Null without enough data.
 */
export function forecastDisk(samples: Sample[], now: Date, lookbackMs = 6 * HOUR_MS): DiskForecast | null {
  const recent = samples.filter((s) => s.at.getTime() >= now.getTime() - lookbackMs);
  const pts = series(recent, 'disk_usage', now.getTime());
  if (pts.length < 3 || pts[pts.length - 1].x - pts[0].x < MIN_TREND_HOURS) return null;
  const fit = linearFit(pts);
  const current = pts[pts.length - 1].y;
  if (!fit) return { current, rate_per_hour: 0, full_at: null, hours_to_full: null };
  // The fitted level now (x = 0 is `now`), not the last noisy reading.
  const level = Math.min(100, fit.intercept);
  const rising = fit.slope > 0.001;
  const hours = rising ? Math.max(0, (100 - level) / fit.slope) : null;
  return {
    current,
    rate_per_hour: r2(fit.slope),
    full_at: hours === null ? null : new Date(now.getTime() + hours * HOUR_MS).toISOString(),
    hours_to_full: hours === null ? null : r1(hours),
  };
}

export interface AlertCounts {
  open: number;
  last_24h: number;
  by_severity: Record<AlertSeverity, number>;
  /** Titles of the open alerts, most severe first. */
  open_titles: string[];
}

function describeDuration(hours: number): string {
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (hours < 48) return `${r1(hours)} hours`;
  return `${r1(hours / 24)} days`;
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

/** The likely cause of a rule's alert, in words, from the samples of the last hour (oldest first). */
export function explainAlert(rule: Rule, target: string, recent: Sample[]): string {
  const latest = recent[recent.length - 1];
  if (!latest) return 'No samples to explain this alert with.';
  const before = recent.slice(0, Math.max(0, recent.length - (rule.for + 1)));
  const baseline = (m: MetricKey) => {
    const xs = before.map((s) => s[m]).filter((v): v is number => typeof v === 'number');
    return xs.length ? r1(mean(xs)) : null;
  };
  const trend = (m: MetricKey) => metricTrend(recent, m);
  const context = `At the time: CPU ${latest.cpu_usage}%, memory ${latest.memory_usage}%, disk ${latest.disk_usage}%, ${latest.api_response_time === null ? 'no API traffic to time' : `API p95 ${latest.api_response_time} ms`}, probe latency ${latest.network_latency === null ? 'unknown (no target answered)' : `${latest.network_latency} ms`}.`;

  if (rule.kind === 'unreachable') {
    const probe = latest.probes.find((p) => p.target === target);
    const others = latest.probes.filter((p) => p.target !== target);
    const othersOk = others.length > 0 && others.every((p) => p.ok);
    const downFor = [...recent].reverse().findIndex((s) => !s.probes.some((p) => p.target === target && !p.ok));
    const samplesDown = downFor === -1 ? recent.length : downFor;
    return [
      `${target} has not answered for ${samplesDown} consecutive samples${probe?.error ? ` (last error: ${probe.error})` : ''}.`,
      othersOk
        ? `Every other target answers, so the network is fine: ${target} itself is down, restarting or overloaded. Check its process or pod and its logs.`
        : `Other targets fail too (${
            others
              .filter((p) => !p.ok)
              .map((p) => p.target)
              .join(', ') || 'none probed'
          }): suspect the network or a shared dependency.`,
      context,
    ].join(' ');
  }

  const m = rule.metric;
  const label = METRIC_LABELS[m];
  const base = baseline(m);
  const head = `${label.name} is ${latest[m]}${label.unit}, above ${rule.above}${label.unit} for ${rule.for} sample(s)${base !== null ? `, against ${base}${label.unit} earlier in the hour` : ''}.`;
  let cause: string;
  switch (m) {
    case 'cpu_usage':
      cause =
        trend('api_response_time').trend === 'rising'
          ? 'API response times rose with it: request load is the likely cause; scale out the busiest service.'
          : 'API response times did not rise with it: a job or process not driven by API traffic is the likely cause; look at the busiest processes.';
      break;
    case 'memory_usage':
      cause =
        trend('memory_usage').trend === 'rising'
          ? "Memory has climbed steadily over the hour: a leak or an unbounded cache is likely; compare the processes' resident sizes."
          : 'Memory jumped rather than climbed: a large job or import is the likely cause.';
      break;
    case 'disk_usage': {
      const f = forecastDisk(recent, latest.at, HOUR_MS);
      cause =
        f?.hours_to_full != null
          ? `It grows by ${f.rate_per_hour}%/h: full in about ${describeDuration(f.hours_to_full)}. Free space or grow the volume.`
          : 'It is not growing right now: free space before the next growth.';
      break;
    }
    case 'api_response_time': {
      const slowest = [...latest.probes]
        .filter((p) => p.ok)
        .sort((a, b) => (b.latency_ms ?? 0) - (a.latency_ms ?? 0))[0];
      cause =
        latest.cpu_usage > 85
          ? 'CPU is saturated at the same time: the services are short of CPU.'
          : slowest
            ? `CPU is not saturated; the slowest dependency is ${slowest.target} (${slowest.latency_ms} ms): look there first.`
            : 'CPU is not saturated: look for a slow dependency or a slow route.';
      break;
    }
    default: {
      const slowest = [...latest.probes]
        .filter((p) => p.ok)
        .sort((a, b) => (b.latency_ms ?? 0) - (a.latency_ms ?? 0))[0];
      cause = slowest ? `The slowest target is ${slowest.target} (${slowest.latency_ms} ms).` : 'No target answered.';
    }
  }
  return `${head} ${cause} ${context}`;
}
