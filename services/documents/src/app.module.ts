import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, REVOCATION_GROUP, RevocationFeed } from '@sixa/auth';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { KafkaModule } from '@sixa/kafka';
import { MongoModule } from '@sixa/mongo';
import { createHttpApp, HealthModule, listen } from '@sixa/observability';
import type { DocumentsConfig } from './config';
import { DocumentsConfigRef } from './config.provider';
import { convertBodyLimitBytes } from './conversion/conversion.module';
import { DocumentCenterModule } from './document-center/document-center.module';

@Module({})
export class AppModule {
  static register(config: DocumentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HealthModule,
        MongoModule.forRoot({ url: config.mongoUrl, dbName: config.mongoDb }),
        KafkaModule.forRoot({
          clientId: 'documents',
          brokers: config.kafkaBrokers,
          topics: [TOPICS.documents, dlqTopic(TOPICS.documents), TOPICS.auth, TOPICS.crm],
        }),
        AuthModule.forRoot({ issuer: config.issuer, audience: config.audience, jwksUrl: config.jwksUrl }),
        DocumentCenterModule,
      ],
      providers: [
        { provide: DocumentsConfigRef, useValue: new DocumentsConfigRef(config) },
        { provide: REVOCATION_GROUP, useValue: `documents-revocations-${process.pid}` },
        RevocationFeed,
      ],
      // The configuration reaches the domain modules.
      global: true,
      exports: [DocumentsConfigRef],
    };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export async function startDocumentsService(config: DocumentsConfig) {
  const app = await createHttpApp(AppModule.register(config), {
    service: 'documents',
    trustProxyHops: config.trustProxyHops,
    // POST /documents/convert carries a file of up to CONVERT_MAX_BYTES in base64.
    bodyLimitBytes: Math.max(1024 * 1024, convertBodyLimitBytes(config)),
    logLevel: config.logLevel,
    openApi: { title: 'documents', description: 'Document templates, documents, versions, categories and share links' },
  });
  const url = await listen(app, config.port, config.host);
  return { app, url };
}
