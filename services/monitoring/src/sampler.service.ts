import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ALERT_SEVERITIES, TOPICS, type Alert, type AlertSeverity, type SystemStatus } from '@sixa/contracts';
import { createEvent, IdempotentProducer, KAFKA } from '@sixa/kafka';
import { InjectConnection, pingMongo } from '@sixa/mongo';
import { createLogger, eventsPublished } from '@sixa/observability';
import type { Admin, Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { AlertsService } from './alerts/alerts.service';
import { DEFAULT_RULES, evaluateRules, overallHealth, windowNeeded, type Rule } from './alerts/rules';
import { MonitoringConfigRef } from './config.provider';
import { ApiLatencyReader } from './metrics/prometheus';
import { httpHealthProbe, meanLatency, runProbe, type Probe } from './metrics/probes';
import {
  cpuPercent,
  readCpuSnapshot,
  readDisk,
  readMemory,
  readUptimeHours,
  type CpuSnapshot,
  type SystemRoots,
} from './metrics/system';
import { SamplesRepository, type Sample } from './samples/samples.repository';

const logger = createLogger('monitoring:sampler');

export const toStatus = ({ at, ...measured }: Sample, counts: { active: number; last24h: number }): SystemStatus => ({
  ...measured,
  active_alerts: counts.active,
  total_alerts_24h: counts.last24h,
  timestamp: at.toISOString(),
});

/**
 * Every sample period: measures the platform, stores the sample, applies the alert rules, publishes
 * the status on monitoring.status.v1. One sampler per deployment (a second replica would sample and
 * alert twice).
 */
@Injectable()
export class SamplerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly config;
  private readonly roots: SystemRoots;
  private readonly apiLatency: ApiLatencyReader;
  private readonly probes: Probe[];
  private readonly rules: Rule[] = DEFAULT_RULES;
  private admin: Admin | null = null;
  private cpuPrev: CpuSnapshot | null = null;
  /** The last samples, oldest first: what the rules look at. */
  private recent: Sample[] = [];
  private latest: SystemStatus | null = null;
  private firstSample: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private lastCleanup = 0;

  constructor(
    configRef: MonitoringConfigRef,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @InjectConnection() private readonly connection: Connection,
    private readonly producer: IdempotentProducer,
    private readonly samples: SamplesRepository,
    private readonly alerts: AlertsService,
  ) {
    this.config = configRef.value;
    this.roots = { proc: this.config.procRoot, cgroup: this.config.cgroupRoot };
    this.apiLatency = new ApiLatencyReader(this.config.gatewayMetricsUrls, this.config.probeTimeoutMs);
    this.probes = [
      { target: 'kafka', check: () => this.kafkaCheck() },
      { target: 'database', check: () => pingMongo(this.connection) },
      ...this.config.probeTargets.map((t) => httpHealthProbe(t.target, t.url)),
    ];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.samplerEnabled) return;
    // The rules continue from the samples taken before a restart.
    const now = new Date();
    this.recent = (await this.samples.range(new Date(now.getTime() - 3_600_000), now)).slice(-this.windowSize());
    this.cpuPrev = await readCpuSnapshot(this.roots);
    this.firstSample = this.tick();
    this.schedule();
  }

  private windowSize() {
    return Math.max(windowNeeded(this.rules), 360);
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule());
    }, this.config.sampleIntervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
  }

  /** The latest status; waits for the first sample after a start. */
  async status(): Promise<SystemStatus | null> {
    if (!this.latest) await this.firstSample?.catch(() => undefined);
    return this.latest;
  }

  latestSample(): Sample | null {
    return this.recent[this.recent.length - 1] ?? null;
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

  private adminConnecting: Promise<Admin> | null = null;

  /**
   * A metadata round trip to the brokers over one kept admin connection. While Kafka is away, one
   * connection attempt at a time: a probe that gives up does not leave another one behind.
   */
  private async kafkaCheck(): Promise<void> {
    if (!this.admin) {
      if (!this.adminConnecting) {
        const admin = this.kafka.admin();
        this.adminConnecting = admin
          .connect()
          .then(() => admin)
          .catch(async (e) => {
            await admin.disconnect().catch(() => undefined);
            throw e;
          })
          .finally(() => {
            this.adminConnecting = null;
          });
      }
      this.admin = await this.adminConnecting;
    }
    try {
      await this.admin.describeCluster();
    } catch (e) {
      const admin = this.admin;
      this.admin = null;
      await admin?.disconnect().catch(() => undefined);
      throw e;
    }
  }

  /** Measures everything once. */
  async measure(at = new Date()): Promise<Omit<Sample, 'overall_health'>> {
    const [cpuNow, memory, disk, uptime, probes, api] = await Promise.all([
      readCpuSnapshot(this.roots),
      readMemory(this.roots),
      readDisk(this.config.diskPath),
      readUptimeHours(this.roots),
      Promise.all(this.probes.map((p) => runProbe(p, this.config.probeTimeoutMs))),
      this.apiLatency.p95Ms(),
    ]);
    const cpu = this.cpuPrev ? cpuPercent(this.cpuPrev, cpuNow) : 0;
    this.cpuPrev = cpuNow;
    return {
      at,
      cpu_usage: cpu,
      memory_usage: memory.percent,
      disk_usage: disk.percent,
      network_latency: meanLatency(probes),
      api_response_time: api,
      uptime,
      probes,
    };
  }

  private async sampleOnce(): Promise<void> {
    const measured = await this.measure();
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

  /**
   * The sample with its health and the status with the alert counts, from the stored alerts (the
   * last known ones while the database is away) and the rules firing now; it becomes the latest.
   */
  private async statusOf(measured: Omit<Sample, 'overall_health'>, firing: AlertSeverity[] = []) {
    try {
      const a = await this.alerts.summary(measured.at);
      this.lastAlerts = {
        severities: ALERT_SEVERITIES.filter((s) => a.by_severity[s] > 0),
        active: a.open,
        last24h: a.last_24h,
      };
    } catch {
      // keep the last known
    }
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
    const latest = this.latestSample();
    if (latest) await this.publish((await this.statusOf(latest)).status);
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
