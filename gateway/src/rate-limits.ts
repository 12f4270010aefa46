import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { RateLimit } from '@sixa/contracts';
import { connectMongo } from '@sixa/mongo';
import { createLogger, registry } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { Counter } from 'prom-client';
import { GatewayConfigRef } from './config.provider';
import { RateLimitCountsRepository } from './rate-limit-counts.repository';

const logger = createLogger('gateway:rate-limits');

const limitedCounter = new Counter({
  name: 'gateway_rate_limited_total',
  help: 'Requests answered 429 by the gateway because a rate limit was reached, by resource',
  labelNames: ['resource'] as const,
  registers: [registry],
});

const HOUR = 3600;
const DAY = 86_400;

/** The resource a path counts against: its first segment (`leads` for /leads and /leads/abc). */
export function resourceOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** One fixed window of one limit: its name in the RateLimit headers, length and quota. */
interface Window {
  name: 'hour' | 'day';
  seconds: number;
  quota: number;
}

const windowsOf = (limit: RateLimit): Window[] => [
  { name: 'hour', seconds: HOUR, quota: limit.limit_per_hour },
  { name: 'day', seconds: DAY, quota: limit.limit_per_day },
];

/** Where a window stands for one caller after this request: used, and seconds until it resets. */
interface WindowState extends Window {
  count: number;
  resetIn: number;
}

export type RateDecision =
  | { limited: false; headers: Record<string, string> }
  | { limited: true; headers: Record<string, string>; detail: string };

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers, structured-field form):
 * `RateLimit-Policy: "hour";q=5;w=3600, "day";q=100;w=86400` and
 * `RateLimit: "hour";r=2;t=1800, "day";r=97;t=40000`.
 */
export function rateLimitHeaders(states: WindowState[]): Record<string, string> {
  return {
    'ratelimit-policy': states.map((s) => `"${s.name}";q=${s.quota};w=${s.seconds}`).join(', '),
    ratelimit: states.map((s) => `"${s.name}";r=${Math.max(0, s.quota - s.count)};t=${s.resetIn}`).join(', '),
  };
}

/**
 * Rate limits of the settings service (GET {SETTINGS_SERVICE_URL}/internal/rate-limits), enforced here
 * per caller and resource in fixed hour and day windows (UTC), counted in the gateway's store so that
 * every replica shares the count.
 *
 * The limits are read again every RATE_LIMITS_REFRESH_MS; while the settings service cannot be
 * reached the last known limits stay in force (logged once per outage).
 *
 * Counting is one `$inc` upsert per window and request; a request that goes over a limit takes its
 * counts back (`$inc: -1`), so refused requests do not use up the day. On MongoDB that is atomic
 * across replicas. On FerretDB v1 (the local default) an update is read, changed and written back
 * with nothing between; the store adapter serialises the writes within one process, but two gateway
 * processes on one FerretDB v1 can still overwrite each other's increments when their requests for
 * the same caller and resource arrive at the same moment: such a pair counts once, so a caller
 * spreading simultaneous requests over the replicas may get a few more through than the limit.
 * Requests that do not overlap (each waits for its answer) are counted exactly.
 *
 * The store (MONGO_URL, MONGO_DB) is connected only when the settings service is deployed (no limits
 * without it), in the background: the gateway starts and serves without it, and until it is reached,
 * or whenever a count fails, requests go through (logged): a broken counter does not take the API down.
 */
@Injectable()
export class RateLimiter implements OnApplicationBootstrap, OnApplicationShutdown {
  private limits = new Map<string, RateLimit>();
  private timer: NodeJS.Timeout | null = null;
  private unreachable = false;
  private counts: RateLimitCountsRepository | null = null;
  private connection: Connection | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly config: GatewayConfigRef) {}

  private get source(): string | null {
    const base = this.config.value.serviceUrls.settings;
    return base ? `${base}/internal/rate-limits` : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.source) return;
    void this.connect();
    await this.refresh();
    const loop = () => {
      this.timer = setTimeout(() => void this.refresh().finally(loop), this.config.value.rateLimitsRefreshMs);
      this.timer.unref();
    };
    loop();
  }

  /** Connects to the counts' store, trying again every 10 s until it answers. */
  private async connect(): Promise<void> {
    const { mongoUrl, mongoDb } = this.config.value;
    try {
      const connection = await connectMongo({ url: mongoUrl, dbName: mongoDb });
      if (this.stopped) return void (await connection.close());
      const counts = new RateLimitCountsRepository(connection);
      await counts.init();
      this.connection = connection;
      this.counts = counts;
    } catch (e) {
      logger.error(
        { err: e instanceof Error ? e.message : String(e), db: mongoDb },
        'rate-limit store unreachable: not counting until it answers',
      );
      if (!this.stopped) {
        this.connectTimer = setTimeout(() => void this.connect(), 10_000);
        this.connectTimer.unref();
      }
    }
  }

  /** Whether counting can start (the store is connected): tests wait for it. */
  get ready(): boolean {
    return this.counts !== null || !this.source;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.timer = null;
    await this.connection?.close();
  }

  /** Reads the limits again; on failure keeps those it had. */
  async refresh(): Promise<void> {
    const url = this.source;
    if (!url) return;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      const body = (await res.json()) as RateLimit[];
      if (!Array.isArray(body)) throw new Error('answered something other than a list');
      this.limits = new Map(
        body
          .filter((l) => typeof l?.resource === 'string' && l.limit_per_hour > 0 && l.limit_per_day > 0)
          .map((l) => [l.resource, l]),
      );
      if (this.unreachable) logger.info('rate limits read again from the settings service');
      this.unreachable = false;
    } catch (e) {
      if (!this.unreachable) {
        logger.warn(
          { err: e instanceof Error ? e.message : String(e), url, kept: this.limits.size },
          'cannot read the rate limits from the settings service: keeping the last known ones',
        );
      }
      this.unreachable = true;
    }
  }

  /**
   * Counts this request of `caller` (a user id, or `ip:<address>` for public routes) against the limit
   * of the path's resource; null when the resource has no limit (nothing is counted).
   */
  async hit(caller: string, path: string, now = Date.now()): Promise<RateDecision | null> {
    const resource = resourceOf(path);
    const limit = this.limits.get(resource);
    if (!limit || !this.counts) return null;
    const windows = windowsOf(limit);
    let states: WindowState[];
    try {
      states = await Promise.all(windows.map((w) => this.count(resource, caller, w, now, 1)));
    } catch (e) {
      logger.error({ err: e, resource }, 'rate-limit count failed: letting the request through');
      return null;
    }
    const over = states.filter((s) => s.count > s.quota);
    if (!over.length) return { limited: false, headers: rateLimitHeaders(states) };

    // Refused: take back this request's counts, so that what stays counted is what went through.
    await Promise.all(windows.map((w) => this.count(resource, caller, w, now, -1))).catch((e: unknown) =>
      logger.error({ err: e, resource }, 'rate-limit count could not be taken back'),
    );
    const settled = states.map((s) => ({ ...s, count: Math.min(s.quota, s.count - 1) }));
    const first = over[0];
    limitedCounter.inc({ resource });
    return {
      limited: true,
      detail: `Rate limit exceeded for ${resource}: ${first.quota} per ${first.name}`,
      headers: {
        ...rateLimitHeaders(settled),
        'retry-after': String(Math.max(...over.map((s) => s.resetIn))),
      },
    };
  }

  /** One atomic `$inc` upsert of the caller's count in the window that holds `now`. */
  private async count(resource: string, caller: string, w: Window, now: number, by: 1 | -1): Promise<WindowState> {
    const start = Math.floor(now / 1000 / w.seconds) * w.seconds;
    const end = start + w.seconds;
    // Two first requests of a window at once: the one whose insert lost counts on the other's.
    const count = await this.counts!.add(`${resource}|${caller}|${w.name}|${start}`, by, new Date(end * 1000));
    return { ...w, count, resetIn: Math.max(1, end - Math.floor(now / 1000)) };
  }
}
