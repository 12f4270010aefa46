import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import { AlertsRepository } from './alerts/alerts.repository';
import { AlertsService } from './alerts/alerts.service';
import { RuleAlertsConsumer } from './alerts/rule-alerts.consumer';
import { AnalysesRepository } from './analysis/analyses.repository';
import { AnalysisService } from './analysis/analysis.service';
import type { MonitoringConfig } from './config';
import { MonitoringConfigRef } from './config.provider';
import { MonitoringController } from './monitoring.controller';
import { SamplerService } from './sampler.service';
import { SamplesRepository } from './samples/samples.repository';

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
    controllers: [MonitoringController],
    providers: [
      SamplesRepository,
      AlertsRepository,
      AlertsService,
      AnalysesRepository,
      AnalysisService,
      SamplerService,
      RuleAlertsConsumer,
    ],
  });
  return startService(module, {
    service: 'monitoring',
    config,
    description: 'System status, metrics, alerts and analyses',
  });
}
