import type { DiskForecast, MetricTrend } from '@sixa/contracts';
import type { MetricKey } from './sample-metrics';
import type { Sample } from './samples.repository';

export const HOUR_MS = 3_600_000;
export const MIN_TREND_HOURS = 0.25;

export const r1 = (n: number) => Math.round(n * 10) / 10;
export const r2 = (n: number) => Math.round(n * 100) / 100;

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

/** A number of hours in words: minutes under an hour, days from two days on. */
export function describeDuration(hours: number): string {
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (hours < 48) return `${r1(hours)} hours`;
  return `${r1(hours / 24)} days`;
}
