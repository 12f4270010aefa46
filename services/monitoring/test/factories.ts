import { serviceBase, uniqueDbName } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, startAuth } from '../../auth/test/factories';
import { startMonitoringService } from '../src/app.module';
import { loadConfig, type MonitoringConfig } from '../src/config';
import { PlatformMeter } from '../src/metrics/platform-meter';
import { SamplerService } from '../src/metrics/sampler.service';
import { SamplesRepository } from '../src/samples/samples.repository';

/**
 * The auth service (for real tokens) and the monitoring service on fresh databases. By default the
 * sampler takes one real sample at start and then waits an hour, so that a test drives the rules with
 * its own series through `sampler.record`.
 */
export async function startMonitoring(overrides: Partial<MonitoringConfig> = {}) {
  const auth = await startAuth();
  const config: MonitoringConfig = {
    ...loadConfig({}),
    ...serviceBase(auth.url),
    mongoDb: uniqueDbName('monitoring'),
    probeTargets: [{ target: 'auth', url: auth.url }],
    gatewayMetricsUrls: [],
    sampleIntervalMs: 3_600_000,
    ...overrides,
  };
  const { app, url } = await startMonitoringService(config);
  const [admin, employee] = await Promise.all([login(auth.url, ADMIN), login(auth.url, EMPLOYEE)]);
  return {
    url,
    app,
    config,
    auth,
    admin,
    employee,
    sampler: app.get(SamplerService),
    meter: app.get(PlatformMeter),
    samples: app.get(SamplesRepository),
    stop: async () => {
      await app.close();
      await auth.app.close();
    },
  };
}
