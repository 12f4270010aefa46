import type { Alert, SystemStatus } from '../monitoring';
import { TOPICS, type Topic } from './topics';

/** The events of monitoring (the status samples and alerts), and their data. */
export interface MonitoringEvents {
  /** One sample of the platform's health, every 10 s (monitoring.status.v1). */
  'status.sampled': { status: SystemStatus };
  'alert.raised': { alert: Alert };
  'alert.acknowledged': { alert: Alert };
  'alert.resolved': { alert: Alert };
}

/** Which topic each of them is published on. */
export const MONITORING_EVENT_TOPICS: { [K in keyof MonitoringEvents]: Topic } = {
  'status.sampled': TOPICS.monitoringStatus,
  'alert.raised': TOPICS.monitoring,
  'alert.acknowledged': TOPICS.monitoring,
  'alert.resolved': TOPICS.monitoring,
};
