import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ALERT_SEVERITIES, TOPICS, type Alert, type AlertSeverity, type SystemStatus } from '@sixa/contracts';
import { createEvent, IdempotentProducer } from '@sixa/kafka';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger, eventsPublished } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { AlertsService } from '../alerts/alerts.service';
import { DEFAULT_RULES, evaluateRules, overallHealth, windowNeeded, type Rule } from '../alerts/rules';
import { MonitoringConfigRef } from '../config.provider';
import { SamplesRepository, type Sample } from '../samples/samples.repository';
import { PlatformMeter } from './platform-meter';

const logger = createLogger('monitoring:sampler');

export const toStatus = ({ at, ...measured }: Sample, counts: { active: number; last24h: number }): SystemStatus => ({
  ...measured,
  active_alerts: counts.active,
  total_alerts_24h: counts.last24h,
  timestamp: at.toISOString(),
});

/** How long a request for the status waits for the first sample of a fresh deployment. */
const FIRST_SAMPLE_WAIT_MS = 10_000;

/**
 * Every sample period: measures the platform, stores the sample, applies the alert rules, publishes
 * the status on monitoring.status.v1. Every replica runs one, but one replica at a time samples: the
 * one holding the sampler's lease (SingletonJob). When it dies, another takes the lease once it has
 * expired and carries on from the stored samples. Every replica serves the API: the one that samples
 * from memory, the others from the stored samples and alerts.
 */
@Injectable()
export class SamplerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly config;
  private readonly rules: Rule[] = DEFAULT_RULES;
  /** The last samples, oldest first: what the rules look at. */
  private recent: Sample[] = [];
  private latest: SystemStatus | null = null;
  /** Resolves after this process's first sample (a leader's first turn). */
  private firstSample: Promise<void> | null = null;
  private firstSampleTaken: () => void = () => undefined;
  private running: Promise<void> | null = null;
  private lastCleanup = 0;
  /** When this process last recorded a sample: within `ownSamplesMs`, it is the one sampling. */
  private lastRecordedAt = 0;
  private readonly ownSamplesMs: number;
  private job: SingletonJob | null = null;
  /** The lease's lifetime: a dead sampler is replaced within it plus `standbyPollMs`. */
  readonly leaseTtlMs: number;
  readonly standbyPollMs: number;
  /** When this process last ran a turn as the lease holder. */
  private lastLedAt: number | null = null;
  private degraded = false;
  private watchTimer: NodeJS.Timeout | null = null;
  private watching: Promise<void> | null = null;

  constructor(
    configRef: MonitoringConfigRef,
    @InjectConnection() private readonly connection: Connection,
    private readonly meter: PlatformMeter,
    private readonly producer: IdempotentProducer,
    private readonly samples: SamplesRepository,
    private readonly alerts: AlertsService,
  ) {
    this.config = configRef.value;
    this.ownSamplesMs = Math.round(this.config.sampleIntervalMs * 1.5);
    // Two periods (20 s at 10 s), and never less than two slow samples (each waits for its probes at
    // most probeTimeoutMs), so that a holder busy sampling does not lose its lease meanwhile. The
    // others try to take it four times per lifetime (every 5 s at 10 s).
    this.leaseTtlMs = Math.max(2 * this.config.sampleIntervalMs, 2 * this.config.probeTimeoutMs);
    this.standbyPollMs = Math.max(Math.floor(this.leaseTtlMs / 4), 50);
    alerts.statusFollows = () => void this.refreshStatus().catch(() => undefined);
  }

  onApplicationBootstrap(): void {
    if (!this.config.samplerEnabled) return;
    this.firstSample = new Promise((resolve) => (this.firstSampleTaken = resolve));
    this.job = new SingletonJob(this.connection, 'monitoring-sampler', () => this.lead(), {
      intervalMs: this.config.sampleIntervalMs,
      ttlMs: this.leaseTtlMs,
      standbyPollMs: this.standbyPollMs,
      // Keep a recent CPU baseline while waiting, so that a takeover samples at once and on the beat.
      standby: () => this.meter.takeCpuBaseline(),
      logger,
    });
    this.job.start();
    this.watch();
  }

  /** Whether this process holds the sampler's lease now. */
  get isLeader(): boolean {
    return this.job?.isLeader ?? false;
  }

  /** A turn of the lease holder: after a takeover, first continue from what was stored; then sample. */
  private async lead(): Promise<void> {
    const gap = this.lastLedAt === null || Date.now() - this.lastLedAt > this.ownSamplesMs;
    if (gap) await this.takeOver();
    this.lastLedAt = Date.now();
    this.degraded = false;
    await this.tick();
    this.firstSampleTaken();
  }

  /**
   * This process has (re)taken the lease: another one may have sampled meanwhile. The rules go on
   * from the stored samples of the last hour, and the CPU is measured from a fresh baseline (a short
   * moment before the first sample, rather than since this process last sampled).
   */
  private async takeOver(): Promise<void> {
    await this.samples.refresh();
    const now = new Date();
    this.recent = (await this.samples.range(new Date(now.getTime() - 3_600_000), now)).slice(-this.windowSize());
    // The CPU is measured from the baseline taken while waiting (at most a standby poll ago), or
    // from one taken now at the first start.
    await this.meter.keepCpuBaseline();
  }

  private windowSize() {
    return Math.max(windowNeeded(this.rules), 360);
  }

  /**
   * While the database is away, no process can take or renew the lease, so none would sample and the
   * status stream would stop just when it matters. The process that held the lease last samples on
   * without it (statuses are published, samples kept in its memory, alerts written once the database
   * is back) until the database answers again; then the lease decides again. (Were only this process
   * cut off from the database, another would take the lease and both would publish statuses for that
   * time.)
   */
  private watch(): void {
    this.watchTimer = setTimeout(() => {
      this.watching = this.sampleWithoutDatabase()
        .catch((e) => logger.error({ err: e }, 'sampling without the database failed'))
        .finally(() => {
          this.watching = null;
          if (this.watchTimer) this.watch();
        });
    }, this.config.sampleIntervalMs);
  }

  private async sampleWithoutDatabase(): Promise<void> {
    if (!this.job || this.job.isLeader || this.lastLedAt === null) return;
    if (!this.degraded && Date.now() - this.lastLedAt > 2 * this.leaseTtlMs) return;
    const db = await this.meter.probeDatabase();
    if (db.ok) {
      if (this.degraded) logger.info('database back: the lease decides again which replica samples');
      this.degraded = false;
      return;
    }
    if (!this.degraded) logger.warn({ error: db.error }, 'database unreachable: sampling on without the lease');
    this.degraded = true;
    await this.tick();
  }

  /** Before the database connection closes: the lease is handed back, so another replica takes over at once. */
  async beforeApplicationShutdown(): Promise<void> {
    const timer = this.watchTimer;
    this.watchTimer = null;
    if (timer) clearTimeout(timer);
    await this.watching;
    await this.job?.stop();
    await this.running?.catch(() => undefined);
  }

  /** Whether this process took the latest samples (the lease holder, or tests recording their own). */
  private samplingHere(): boolean {
    return Date.now() - this.lastRecordedAt <= this.ownSamplesMs;
  }

  /**
   * The latest status: from memory where the samples are taken; elsewhere from the latest stored
   * sample, with health and alert counts as they are now. Null before any sample exists (a fresh
   * deployment waits a little for its first one).
   */
  async status(): Promise<SystemStatus | null> {
    if (this.samplingHere() && this.latest) return this.latest;
    const stored = await this.currentSample().catch(() => null);
    if (stored) return this.statusFrom(stored);
    if (this.firstSample) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.firstSample, new Promise((r) => (timer = setTimeout(r, FIRST_SAMPLE_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return this.latest;
  }

  /** The latest sample: this process's own where it samples, else the latest stored one. */
  async currentSample(): Promise<Sample | null> {
    const own = this.recent[this.recent.length - 1] ?? null;
    if (this.samplingHere()) return own;
    return (await this.samples.latest().catch(() => null)) ?? own;
  }

  /** The status of a sample taken elsewhere, with health and counts from the stored alerts now. */
  private async statusFrom(sample: Sample): Promise<SystemStatus> {
    await this.readAlerts(sample.at);
    const { severities, ...counts } = this.lastAlerts;
    return toStatus({ ...sample, overall_health: overallHealth(sample, severities, this.rules) }, counts);
  }

  /** One sampling pass; never throws (a failed pass is logged and the next one comes). */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.sampleOnce()
      .catch((e) => logger.error({ err: e }, 'sampling failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sampleOnce(): Promise<void> {
    const measured = await this.meter.measure();
    await this.record(measured);
  }

  /**
   * Stores a measurement, applies the rules and publishes the status. Tests feed synthetic series
   * through here to drive the rules.
   */
  async record(
    measured: Omit<Sample, 'overall_health'>,
  ): Promise<{ status: SystemStatus; opened: Alert[]; resolved: Alert[] }> {
    const provisional: Sample = { ...measured, overall_health: 'healthy' };
    const window = [...this.recent, provisional].slice(-this.windowSize());
    // The last 5 minutes: enough for every rule, and for a figure that is sometimes missing (the API
    // time without traffic) to gather its run of samples.
    const decisions = evaluateRules(this.rules, window.slice(-Math.max(windowNeeded(this.rules), 30)));
    // The database may be what is down: the status is still computed and published, from what is
    // known in memory, and the alerts are written when it is back.
    let changes: { opened: Alert[]; resolved: Alert[] } = { opened: [], resolved: [] };
    try {
      changes = await this.alerts.reconcile(decisions, window);
    } catch (e) {
      logger.warn({ err: e }, 'alerts not updated: database unreachable');
    }
    const firing = decisions.filter((d) => d.state === 'firing').map((d) => d.rule.severity);
    const { sample, status } = await this.statusOf(measured, firing);
    window[window.length - 1] = sample;
    this.recent = window;
    this.lastRecordedAt = Date.now();
    try {
      await this.samples.append(sample);
    } catch (e) {
      logger.warn({ err: e }, 'sample not stored: database unreachable');
    }
    await this.publish(status);
    await this.cleanup(sample.at).catch((e) => logger.warn({ err: e }, 'old samples not removed'));
    return { status, ...changes };
  }

  private lastAlerts = { severities: [] as AlertSeverity[], active: 0, last24h: 0 };

  /** The open alerts' severities and the counts, into `lastAlerts`; the last known ones while the database is away. */
  private async readAlerts(at: Date): Promise<void> {
    try {
      const a = await this.alerts.summary(at);
      this.lastAlerts = {
        severities: ALERT_SEVERITIES.filter((s) => a.by_severity[s] > 0),
        active: a.open,
        last24h: a.last_24h,
      };
    } catch {
      // keep the last known
    }
  }

  /**
   * The sample with its health and the status with the alert counts, from the stored alerts (the
   * last known ones while the database is away) and the rules firing now; it becomes the latest.
   */
  private async statusOf(measured: Omit<Sample, 'overall_health'>, firing: AlertSeverity[] = []) {
    await this.readAlerts(measured.at);
    const { severities, ...counts } = this.lastAlerts;
    const sample: Sample = {
      ...measured,
      overall_health: overallHealth(measured, [...severities, ...firing], this.rules),
    };
    const status = toStatus(sample, counts);
    this.latest = status;
    return { sample, status };
  }

  /**
   * After an alert is raised, acknowledged or resolved by hand: the latest sample's status again,
   * with health and counts as they are now, so that the cards follow the alert at once rather than
   * at the next sample.
   */
  async refreshStatus(): Promise<void> {
    const latest = await this.currentSample();
    if (latest)
      await this.publish(this.samplingHere() ? (await this.statusOf(latest)).status : await this.statusFrom(latest));
  }

  private async publish(status: SystemStatus): Promise<void> {
    // A measurement, not a state change: sent directly rather than through an outbox. The next
    // sample supersedes a lost one 10 s later, and the sample itself is stored either way.
    const event = createEvent('monitoring', 'status.sampled', 'platform', 'system', { status });
    try {
      await this.producer.send(TOPICS.monitoringStatus, [{ key: event.subject, value: JSON.stringify(event) }]);
      eventsPublished.inc({ topic: TOPICS.monitoringStatus, type: event.type });
    } catch (e) {
      logger.warn({ err: e }, 'status not published: Kafka unreachable');
    }
  }

  private async cleanup(now: Date): Promise<void> {
    if (now.getTime() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = now.getTime();
    const removed = await this.samples.removeBefore(new Date(now.getTime() - this.config.retentionHours * 3_600_000));
    if (removed) logger.info({ removed_hours: removed }, 'old samples removed');
  }
}
