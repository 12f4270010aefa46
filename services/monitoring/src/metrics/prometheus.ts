/**
 * API response time from the gateway's Prometheus text exposition: the cumulative buckets of its
 * request-duration histogram, summed over the /api routes, differenced between two scrapes, and the
 * 95th percentile interpolated inside its bucket the way PromQL's histogram_quantile does.
 */

export const API_HISTOGRAM = 'http_server_request_duration_seconds';

/** Cumulative count per upper bound (seconds; Infinity for +Inf). */
export type Buckets = Map<number, number>;

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const re = /(\w+)="((?:[^"\\]|\\.)*)"/g;
  for (let m = re.exec(text); m; m = re.exec(text))
    labels[m[1]] = m[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  return labels;
}

/**
 * Sums the `<name>_bucket` series whose labels pass `include` into one cumulative histogram.
 * By default only the API traffic counts: routes under /api (the gateway labels them `/api <service>`).
 */
export function parseHistogram(
  text: string,
  name = API_HISTOGRAM,
  include: (labels: Record<string, string>) => boolean = (l) => (l.route ?? '').startsWith('/api'),
): Buckets {
  const buckets: Buckets = new Map();
  const prefix = `${name}_bucket{`;
  for (const line of text.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const close = line.lastIndexOf('}');
    const labels = parseLabels(line.slice(prefix.length, close));
    if (!include(labels) || labels.le === undefined) continue;
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    const value = Number(
      line
        .slice(close + 1)
        .trim()
        .split(/\s+/)[0],
    );
    if (!Number.isFinite(le) && le !== Infinity) continue;
    if (!Number.isFinite(value)) continue;
    buckets.set(le, (buckets.get(le) ?? 0) + value);
  }
  return buckets;
}

export function addBuckets(a: Buckets, b: Buckets): Buckets {
  const out = new Map(a);
  for (const [le, v] of b) out.set(le, (out.get(le) ?? 0) + v);
  return out;
}

/** What happened between two scrapes. A counter that went down means a restart: count from zero. */
export function bucketDelta(prev: Buckets | null, next: Buckets): Buckets {
  if (!prev) return next;
  const delta: Buckets = new Map();
  let reset = false;
  for (const [le, v] of next) {
    const d = v - (prev.get(le) ?? 0);
    if (d < 0) reset = true;
    delta.set(le, d);
  }
  return reset ? next : delta;
}

/**
 * The q-quantile (0..1) of a cumulative histogram, in the buckets' unit; null with no observations.
 * Linear inside the bucket; a quantile in the +Inf bucket answers the highest finite bound.
 */
export function histogramQuantile(q: number, buckets: Buckets): number | null {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  if (bounds.length === 0) return null;
  const total = buckets.get(Infinity) ?? buckets.get(bounds[bounds.length - 1])!;
  if (!(total > 0)) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const le of bounds) {
    const count = buckets.get(le)!;
    if (count >= rank) {
      if (le === Infinity) return lowerBound;
      const inBucket = count - lowerCount;
      if (inBucket <= 0) return le;
      return lowerBound + (le - lowerBound) * ((rank - lowerCount) / inBucket);
    }
    lowerBound = le;
    lowerCount = count;
  }
  return lowerBound;
}

/** Scrapes the gateways' /metrics and answers the API p95 (ms) since the previous call. */
export class ApiLatencyReader {
  private previous = new Map<string, Buckets>();

  constructor(
    private readonly urls: string[],
    private readonly timeoutMs = 2000,
  ) {}

  /** p95 in ms over the interval since the last call; null when no request was served meanwhile (or on the first call). */
  async p95Ms(): Promise<number | null> {
    let window: Buckets = new Map();
    for (const url of this.urls) {
      let current: Buckets;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
        if (!res.ok) continue;
        current = parseHistogram(await res.text());
      } catch {
        // An unreachable gateway shows in the probes; its traffic simply does not count here.
        continue;
      }
      const previous = this.previous.get(url);
      this.previous.set(url, current);
      // The first scrape is the baseline: its counts cover the gateway's whole life, not a window.
      if (previous) window = addBuckets(window, bucketDelta(previous, current));
    }
    const seconds = histogramQuantile(0.95, window);
    return seconds === null ? null : Math.round(seconds * 1000 * 10) / 10;
  }
}
