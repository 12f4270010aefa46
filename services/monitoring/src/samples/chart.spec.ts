import { sample } from '../../test/samples';
import { bucketSeconds, downsample, MAX_CHART_POINTS } from './chart';

describe('chart data', () => {
  it('stays within the point bound for every window up to 7 days', () => {
    const now = new Date('2026-11-22T12:00:07Z');
    for (const hours of [0.5, 1, 6, 24, 72, 168]) {
      const samples = [];
      for (let t = now.getTime() - hours * 3_600_000; t <= now.getTime(); t += 10_000)
        samples.push(sample({ cpu_usage: 10 }, new Date(t)));
      const { chart_data, bucket_seconds } = downsample(samples, hours, now, 10);
      expect(chart_data.cpu_usage.data.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
      expect(chart_data.cpu_usage.labels.length).toBe(chart_data.cpu_usage.data.length);
      expect(bucket_seconds).toBe(bucketSeconds(hours, 10));
      expect(chart_data.cpu_usage.data.every((v) => v === 10)).toBe(true);
    }
  });

  it('averages inside a bucket and leaves gaps where nothing was measured', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const t = (min: number) => new Date(now.getTime() - min * 60_000);
    // 2 h -> 30 s buckets. Two samples in one bucket, none in the next three, one after.
    const samples = [
      sample({ cpu_usage: 10, api_response_time: null }, t(3)),
      sample({ cpu_usage: 20, api_response_time: 100 }, new Date(t(3).getTime() + 20_000)),
      sample({ cpu_usage: 40 }, t(1)),
    ];
    const { chart_data, bucket_seconds } = downsample(samples, 2, now, 10);
    expect(bucket_seconds).toBe(30);
    expect(chart_data.cpu_usage.data).toEqual([15, null, null, null, 40, null, null]);
    expect(chart_data.api_response_time.data).toEqual([100, null, null, null, 80, null, null]);
    expect(chart_data.cpu_usage.labels[0]).toBe(t(3).toISOString());
    expect(bucketSeconds(6, 10)).toBe(120);
    expect(bucketSeconds(168, 10)).toBe(1800);
  });

  it('an empty window is empty series', () => {
    const { chart_data } = downsample([], 6, new Date(), 10);
    expect(chart_data.memory_usage).toEqual({ labels: [], data: [] });
  });
});
