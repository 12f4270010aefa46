import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import { AlertsModule } from './alerts/alerts.module';
import { AnalysisModule } from './analysis/analysis.module';
import type { MonitoringConfig } from './config';
import { MonitoringConfigRef } from './config.provider';
import { MetricsModule } from './metrics/metrics.module';
import { SamplesModule } from './samples/samples.module';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startMonitoringService(config: MonitoringConfig) {
  const module = ServiceModule.register({
    service: 'monitoring',
    config: new MonitoringConfigRef(config),
    topics: [
      TOPICS.monitoring,
      TOPICS.monitoringStatus,
      dlqTopic(TOPICS.monitoring),
      TOPICS.auth,
      TOPICS.settings,
      TOPICS.integrations,
    ],
    imports: [SamplesModule, AlertsModule, AnalysisModule, MetricsModule],
  });
  return startService(module, {
    service: 'monitoring',
    config,
    description: 'System status, metrics, alerts and analyses',
  });
}
