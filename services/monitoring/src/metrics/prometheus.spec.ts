import { bucketDelta, histogramQuantile, parseHistogram } from './prometheus';

const scrape = (api: number[], health: number[]) => {
  const les = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];
  const lines = [
    '# HELP http_server_request_duration_seconds x',
    '# TYPE http_server_request_duration_seconds histogram',
  ];
  les.forEach((le, i) => {
    lines.push(
      `http_server_request_duration_seconds_bucket{le="${le}",method="GET",route="/api crm",status="200"} ${api[i]}`,
    );
    lines.push(
      `http_server_request_duration_seconds_bucket{le="${le}",method="GET",route="/health",status="200"} ${health[i]}`,
    );
  });
  lines.push('http_server_request_duration_seconds_sum{method="GET",route="/api crm",status="200"} 12.5');
  return lines.join('\n');
};

describe('API p95 from the gateway histogram', () => {
  it('counts only /api routes', () => {
    const b = parseHistogram(
      scrape([0, 0, 0, 0, 10, 10, 10, 10, 10, 10, 10, 10], [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]),
    );
    expect(b.get(Infinity)).toBe(10);
    expect(b.get(0.005)).toBe(0);
  });

  it('interpolates inside the bucket like histogram_quantile', () => {
    // 100 requests: 50 under 50 ms, 40 in (50, 100] ms, 10 in (100, 250] ms. Rank 95 lies halfway into the last bucket.
    const b = parseHistogram(scrape([0, 0, 20, 50, 90, 100, 100, 100, 100, 100, 100, 100], new Array(12).fill(0)));
    expect(histogramQuantile(0.95, b)).toBeCloseTo(0.175, 6);
    expect(histogramQuantile(0.5, b)).toBeCloseTo(0.05, 6);
  });

  it('uses only what happened between two scrapes, and survives a counter reset', () => {
    const first = parseHistogram(scrape([0, 0, 0, 0, 100, 100, 100, 100, 100, 100, 100, 100], new Array(12).fill(0)));
    // 10 new requests, all slow (between 1 and 2.5 s).
    const second = parseHistogram(scrape([0, 0, 0, 0, 100, 100, 100, 100, 110, 110, 110, 110], new Array(12).fill(0)));
    const window = bucketDelta(first, second);
    expect(histogramQuantile(0.95, window)).toBeGreaterThan(1);
    // The gateway restarted: its counters start again from zero.
    const restarted = parseHistogram(scrape([0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5], new Array(12).fill(0)));
    expect(histogramQuantile(0.95, bucketDelta(second, restarted))).toBeLessThanOrEqual(0.05);
  });

  it('answers null without traffic', () => {
    const s = parseHistogram(scrape(new Array(12).fill(7), new Array(12).fill(0)));
    expect(histogramQuantile(0.95, bucketDelta(s, s))).toBeNull();
    expect(histogramQuantile(0.95, new Map())).toBeNull();
  });
});
