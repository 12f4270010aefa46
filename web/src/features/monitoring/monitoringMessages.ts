import { ALERT_SEVERITIES, ALERT_STATUSES, type MonitoringMessage } from '@sixa/contracts/browser';

/** Spec s.9: the delay before the live stream is opened again after it closed. */
export const STREAM_RECONNECT_MS = 5_000;

/** The stream's address on the page's own host (the dev server and the gateway proxy /ws). */
export function monitoringStreamUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/monitoring`;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

function isSystemStatus(data: unknown): boolean {
  return (
    isObject(data) &&
    typeof data.overall_health === 'string' &&
    typeof data.cpu_usage === 'number' &&
    typeof data.memory_usage === 'number'
  );
}

function isAlert(data: unknown): boolean {
  return (
    isObject(data) &&
    typeof data.id === 'string' &&
    typeof data.title === 'string' &&
    (ALERT_SEVERITIES as readonly unknown[]).includes(data.severity) &&
    (ALERT_STATUSES as readonly unknown[]).includes(data.status)
  );
}

/** Guards every frame: unknown types and malformed data are dropped rather than rendered. */
export function isMonitoringMessage(value: unknown): value is MonitoringMessage {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'system_status':
      return isSystemStatus(value.data);
    case 'new_alert':
    case 'alert_updated':
      return isAlert(value.data);
    default:
      return false;
  }
}

/** A frame of the stream as a message, or null when it is not JSON or not one we know. */
export function parseMonitoringMessage(frame: unknown): MonitoringMessage | null {
  if (typeof frame !== 'string') return null;
  try {
    const value: unknown = JSON.parse(frame);
    return isMonitoringMessage(value) ? value : null;
  } catch {
    return null;
  }
}
