import type { Alert, SystemStatus } from '../monitoring';
import { TOPICS, type Topic } from './topics';

/** The events of monitoring (the status samples and alerts), and their data. */
export interface MonitoringEvents {
  /** One sample of the platform's health, every 10 s (monitoring.status.v1). */
  /**
   * `deployment`: the monitoring service's database (MONGO_DB) that sent it: the gateway's live
   * stream forwards its own deployment's only (MONITORING_DB; absent means the default, `monitoring`).
   */
  'status.sampled': { status: SystemStatus; deployment?: string };
  'alert.raised': { alert: Alert; deployment?: string };
  'alert.acknowledged': { alert: Alert; deployment?: string };
  'alert.resolved': { alert: Alert; deployment?: string };
}

/** Which topic each of them is published on. */
export const MONITORING_EVENT_TOPICS: { [K in keyof MonitoringEvents]: Topic } = {
  'status.sampled': TOPICS.monitoringStatus,
  'alert.raised': TOPICS.monitoring,
  'alert.acknowledged': TOPICS.monitoring,
  'alert.resolved': TOPICS.monitoring,
};
