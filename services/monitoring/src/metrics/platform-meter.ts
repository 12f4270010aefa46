import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { KAFKA } from '@sixa/kafka';
import { InjectConnection, pingMongo } from '@sixa/mongo';
import type { Admin, Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { MonitoringConfigRef } from '../config.provider';
import type { Sample } from '../samples/samples.repository';
import { ApiLatencyReader } from './prometheus';
import { httpHealthProbe, meanLatency, runProbe, type Probe } from './probes';
import {
  cpuPercent,
  readCpuSnapshot,
  readDisk,
  readMemory,
  readUptimeHours,
  type CpuSnapshot,
  type SystemRoots,
} from './system';

/**
 * Measures the platform: CPU (against the previous snapshot), memory, disk and uptime as the host or
 * container reports them, the probes of Kafka, the database and the services, and the API's p95 time
 * from the gateways' metrics.
 */
@Injectable()
export class PlatformMeter implements OnApplicationShutdown {
  private readonly config;
  private readonly roots: SystemRoots;
  private readonly apiLatency: ApiLatencyReader;
  private readonly probes: Probe[];
  private cpuPrev: CpuSnapshot | null = null;

  constructor(
    configRef: MonitoringConfigRef,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @InjectConnection() private readonly connection: Connection,
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

  async onApplicationShutdown(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
  }

  /** A fresh CPU baseline: the next measurement's CPU is the use since now. */
  async takeCpuBaseline(): Promise<void> {
    this.cpuPrev = await readCpuSnapshot(this.roots);
  }

  /** A CPU baseline unless one was taken already (a standby keeps a recent one). */
  async keepCpuBaseline(): Promise<void> {
    this.cpuPrev ??= await readCpuSnapshot(this.roots);
  }

  /** Whether the database answers, within the probes' time-out. */
  probeDatabase() {
    return runProbe({ target: 'database', check: () => pingMongo(this.connection) }, this.config.probeTimeoutMs);
  }

  private admin: Admin | null = null;
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
}
