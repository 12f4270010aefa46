import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
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

@Module({})
export class AppModule {
  static register(config: MonitoringConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'monitoring',
          brokers: config.kafkaBrokers,
          topics: [
            TOPICS.monitoring,
            TOPICS.monitoringStatus,
            dlqTopic(TOPICS.monitoring),
            TOPICS.auth,
            TOPICS.settings,
            TOPICS.integrations,
          ],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
      ],
      controllers: [MonitoringController],
      providers: [
        { provide: MonitoringConfigRef, useValue: new MonitoringConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `monitoring-revocations-${process.pid}` },
        RevocationFeed,
        SamplesRepository,
        AlertsRepository,
        AlertsService,
        AnalysesRepository,
        AnalysisService,
        SamplerService,
        RuleAlertsConsumer,
      ],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startMonitoringService(config: MonitoringConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'monitoring',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    openApi: { title: 'monitoring', description: 'System status, metrics, alerts and analyses' },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
