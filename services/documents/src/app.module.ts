import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import type { DocumentsConfig } from './config';
import { DocumentsConfigRef } from './config.provider';
import { convertBodyLimitBytes } from './conversion/conversion.module';
import { DocumentCenterModule } from './document-center/document-center.module';

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startDocumentsService(config: DocumentsConfig) {
  const module = ServiceModule.register({
    service: 'documents',
    config: new DocumentsConfigRef(config),
    topics: [TOPICS.documents, dlqTopic(TOPICS.documents), TOPICS.auth, TOPICS.crm],
    imports: [DocumentCenterModule],
  });
  return startService(module, {
    service: 'documents',
    config,
    description: 'Document templates, documents, versions, categories and share links',
    // POST /documents/convert carries a file of up to CONVERT_MAX_BYTES in base64.
    bodyLimitBytes: Math.max(1024 * 1024, convertBodyLimitBytes(config)),
  });
}
