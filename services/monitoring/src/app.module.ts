import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import { AlertsModule } from './alerts/alerts.module';
import { AnalysisModule } from './analysis/analysis.module';
import type { MonitoringConfig } from './config';
import { MonitoringConfigRef } from './config.provider';
import { MetricsModule } from './metrics/metrics.module';
import { SamplesModule } from './samples/samples.module';

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
        SamplesModule,
        AlertsModule,
        AnalysisModule,
        MetricsModule,
      ],
      providers: [
        { provide: MonitoringConfigRef, useValue: new MonitoringConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `monitoring-revocations-${process.pid}` },
        RevocationFeed,
      ],
      // The configuration reaches the domain modules.
      global: true,
      exports: [MonitoringConfigRef],
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
