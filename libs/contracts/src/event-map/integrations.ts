import type { ImportedContact, ImportedEvent, ImportedTask, IntegrationConnection, SyncJob } from '../integrations';
import { TOPICS, type Topic } from './topics';

/** The answer of a service (crm, work) to one page of imported records: what it made of each. */
export interface ImportBatchApplied {
  correlation_id: string;
  job_id: string;
  created: number;
  updated: number;
  unchanged: number;
  failed: Array<{ external_id: string; detail: string }>;
}

/** The answer to a page before any of its records is applied. */
export const importAnswer = (page: { correlation_id: string; job_id: string }): ImportBatchApplied => ({
  correlation_id: page.correlation_id,
  job_id: page.job_id,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: [],
});

/** The events of integrations (connections, syncs, and the pages of records they import), and their data. */
export interface IntegrationsEvents {
  'integration.connected': { connection: IntegrationConnection };
  'integration.disconnected': { connection: IntegrationConnection };
  /** A connection stopped working (a refresh the provider refused, a revoked grant): monitoring raises an alert. */
  'integration.connection_failed': { connection: IntegrationConnection; reason: string };
  'integration.sync_started': { job: SyncJob };
  'integration.sync_succeeded': { job: SyncJob };
  'integration.sync_failed': { job: SyncJob };
  /** One page of a sync's contacts for crm to bring in as leads, by external id (once per `correlation_id`). */
  'integration.contacts_import_requested': {
    correlation_id: string;
    job_id: string;
    platform_id: string;
    platform_name: string;
    records: ImportedContact[];
  };
  /** One page of a sync's tasks or events for work (tasks, calendar events), once per record by external id. */
  'integration.work_import_requested': {
    correlation_id: string;
    job_id: string;
    platform_id: string;
    platform_name: string;
    data_type: 'tasks' | 'events';
    records: Array<ImportedTask | ImportedEvent>;
  };
}

/** Which topic each of them is published on. */
export const INTEGRATIONS_EVENT_TOPICS: { [K in keyof IntegrationsEvents]: Topic } = {
  'integration.connected': TOPICS.integrations,
  'integration.disconnected': TOPICS.integrations,
  'integration.connection_failed': TOPICS.integrations,
  'integration.sync_started': TOPICS.integrations,
  'integration.sync_succeeded': TOPICS.integrations,
  'integration.sync_failed': TOPICS.integrations,
  'integration.contacts_import_requested': TOPICS.integrations,
  'integration.work_import_requested': TOPICS.integrations,
};
