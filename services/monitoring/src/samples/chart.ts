import { CHART_SERIES, type ChartDataResponse, type ChartSeriesKey } from '@sixa/contracts';
import type { Sample } from './samples.repository';

/** A chart never carries more points than this, whatever the window (up to 7 days). */
export const MAX_CHART_POINTS = 360;
export const MAX_CHART_HOURS = 7 * 24;

/** Point widths a reader can take in at a glance (seconds). */
const NICE_STEPS = [10, 15, 20, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 3600, 7200];

/** Seconds per point for a window: a nice width, at least the sample period, giving at most `maxPoints`. */
export function bucketSeconds(hours: number, samplePeriodSeconds: number, maxPoints = MAX_CHART_POINTS): number {
  // One point more than the window divides into: a window rarely starts on a bucket boundary.
  const needed = Math.max(samplePeriodSeconds, Math.ceil((hours * 3600) / (maxPoints - 1)));
  return (
    NICE_STEPS.find((s) => s >= needed && s % samplePeriodSeconds === 0) ??
    Math.ceil(needed / samplePeriodSeconds) * samplePeriodSeconds
  );
}

const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

/**
 * Averages the samples of each time bucket, from the first bucket that has data to `now`. A bucket
 * with no sample (the service was down) is null: a gap in the chart, not a made-up value.
 */
export function downsample(
  samples: Sample[],
  hours: number,
  now: Date,
  samplePeriodSeconds: number,
): ChartDataResponse {
  const step = bucketSeconds(hours, samplePeriodSeconds) * 1000;
  const from = now.getTime() - hours * 3_600_000;
  const firstBucket = Math.floor(from / step);
  const lastBucket = Math.floor(now.getTime() / step);
  const groups = new Map<number, Sample[]>();
  for (const s of samples) {
    const b = Math.floor(s.at.getTime() / step);
    if (b < firstBucket || b > lastBucket) continue;
    groups.set(b, [...(groups.get(b) ?? []), s]);
  }
  const chart_data = Object.fromEntries(
    CHART_SERIES.map((k) => [k, { labels: [] as string[], data: [] as Array<number | null> }]),
  ) as ChartDataResponse['chart_data'];
  const start = groups.size ? Math.min(...groups.keys()) : lastBucket + 1;
  for (let b = start; b <= lastBucket; b++) {
    const inBucket = groups.get(b) ?? [];
    const label = new Date(b * step).toISOString();
    for (const key of CHART_SERIES) {
      const values = inBucket.map((s) => s[key as ChartSeriesKey]).filter((v): v is number => typeof v === 'number');
      chart_data[key].labels.push(label);
      chart_data[key].data.push(values.length ? mean(values) : null);
    }
  }
  return { chart_data, hours, bucket_seconds: step / 1000 };
}
