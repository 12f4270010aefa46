import type { Logger } from '@sixa/observability';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { storeOfCollection } from './store-adapter';

interface LeaseDoc {
  _id: string;
  owner: string;
  expires_at: Date;
  acquired_at: Date;
}

/**
 * A named lease in the service's database: whoever holds it (until `expires_at`) runs the job it
 * names; the holder renews it, and when the holder dies another process takes it once it expires.
 * One conditional update decides; on MongoDB two processes can never both hold it.
 */
export class Lease {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly leases: Collection<LeaseDoc>;

  constructor(
    connection: Connection,
    readonly name: string,
    readonly ttlMs: number,
  ) {
    this.leases = connection.collection<LeaseDoc>('leases');
  }

  /** Takes the lease if it is free or expired, or renews it if held; true while this process holds it. */
  async acquire(now = new Date()): Promise<boolean> {
    const expires_at = new Date(now.getTime() + this.ttlMs);
    const held = await storeOfCollection(this.leases).write('leases', this.name, () =>
      this.leases.findOneAndUpdate(
        { _id: this.name, $or: [{ owner: this.owner }, { expires_at: { $lte: now } }] },
        { $set: { owner: this.owner, expires_at } },
        { returnDocument: 'after' },
      ),
    );
    if (held) {
      if (held.owner !== this.owner) return false;
      return true;
    }
    try {
      // The first holder ever: the unique _id lets one insert win.
      await this.leases.insertOne({ _id: this.name, owner: this.owner, expires_at, acquired_at: now });
      return true;
    } catch (e) {
      if ((e as { code?: number }).code === 11000) return false;
      throw e;
    }
  }

  /** Gives the lease up at once (a clean stop), so that another process need not wait for it to expire. */
  async release(): Promise<void> {
    await storeOfCollection(this.leases).write('leases', this.name, () =>
      this.leases.deleteOne({ _id: this.name, owner: this.owner }),
    );
  }

  async holder(): Promise<{ owner: string; expires_at: Date } | null> {
    return this.leases.findOne({ _id: this.name }, { projection: { owner: 1, expires_at: 1 } });
  }
}

export interface SingletonJobOptions {
  /** How often the holder runs the job. */
  intervalMs: number;
  /** Lease lifetime: a dead holder is replaced after at most this plus `standbyPollMs`. Default 2 × interval, at least 15 s. */
  ttlMs?: number;
  /** How often a process without the lease tries to take it. Default a quarter of the lifetime. */
  standbyPollMs?: number;
  /** Run on each turn without the lease (keeping ready to take over, e.g. a measurement baseline). */
  standby?: () => Promise<void>;
  logger: Logger;
}

/**
 * Periodic work done by one process of a deployment at a time (samplers, sweeps, due timers): every
 * process runs one of these; the one holding the lease runs the job every interval and renews the
 * lease before each run; the others wait and take over when it expires.
 */
export class SingletonJob {
  private readonly lease: Lease;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private holding = false;
  private readonly ttlMs: number;
  private readonly standbyPollMs: number;

  constructor(
    connection: Connection,
    readonly name: string,
    private readonly job: () => Promise<void>,
    private readonly opts: SingletonJobOptions,
  ) {
    this.ttlMs = opts.ttlMs ?? Math.max(2 * opts.intervalMs, 15_000);
    this.standbyPollMs = opts.standbyPollMs ?? Math.max(Math.floor(this.ttlMs / 4), 250);
    this.lease = new Lease(connection, `job:${name}`, this.ttlMs);
  }

  get isLeader(): boolean {
    return this.holding;
  }

  get owner(): string {
    return this.lease.owner;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.turn().finally(() => {
        this.running = null;
      });
    }, delay);
  }

  /** One turn: renew or take the lease; run the job if held. Never throws. */
  private async turn(): Promise<void> {
    let started = Date.now();
    let held = false;
    try {
      held = await this.lease.acquire();
    } catch (e) {
      this.opts.logger.warn({ err: e, job: this.name }, 'lease not renewed: database unreachable');
    }
    if (held !== this.holding)
      this.opts.logger.info({ job: this.name, owner: this.owner }, held ? 'took the lease' : 'lost the lease');
    this.holding = held;
    if (!this.stopped) {
      // The beat is kept from the job's start, so that a slow lease renewal does not shorten the next period.
      started = Date.now();
      try {
        if (held) await this.job();
        else await this.opts.standby?.();
      } catch (e) {
        this.opts.logger.error({ err: e, job: this.name }, held ? 'job failed' : 'standby step failed');
      }
    }
    const next = held ? Math.max(this.opts.intervalMs - (Date.now() - started), 0) : this.standbyPollMs;
    this.schedule(next);
  }

  /** Stops, waits for a running turn, and hands the lease back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    if (this.holding) await this.lease.release().catch(() => undefined);
    this.holding = false;
  }
}
