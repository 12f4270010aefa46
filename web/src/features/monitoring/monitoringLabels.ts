import type { AlertSeverity, AlertStatus } from '@sixa/contracts/browser';
import type { GlobalToken } from 'antd';

/** '45.2%': one decimal, as the metric cards and panels show percentages. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** '12.3 ms', or '—' when nothing was measured (no probe answered, no API traffic). */
export function formatMs(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${Number(value.toFixed(1))} ms`;
}

/** Spec s.9: uptime hours divided by 24, shown with one decimal. */
export function formatDaysUptime(hours: number): string {
  return (hours / 24).toFixed(1);
}

export function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** System Health: green healthy, yellow warning, red critical, grey for anything else. */
export function healthColor(health: string | undefined, token: GlobalToken): string {
  switch (health) {
    case 'healthy':
      return token.colorSuccessText;
    case 'warning':
      return token.colorWarningText;
    case 'critical':
      return token.colorErrorText;
    default:
      return token.colorTextTertiary;
  }
}

/** antd preset tag colours (they follow the light and dark themes). */
export const severityTagColor: Record<AlertSeverity, string> = {
  low: 'blue',
  medium: 'gold',
  high: 'orange',
  critical: 'red',
};

export const alertStatusTagColor: Record<AlertStatus, string> = {
  active: 'error',
  acknowledged: 'warning',
  resolved: 'success',
};

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A readable local time with seconds (alerts and analyses are seconds apart). */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** An ISO 8601 time as the services write it inside their texts ('...before 2026-03-04T10:00:00.000Z.'). */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;

/** A service's text with the times in it written in the reader's locale and time zone. */
export function localizeTimes(text: string): string {
  return text.replace(ISO_TIME, (iso) => formatMoment(iso));
}

/** How the analysis names each metric, and its unit. */
export const METRIC_LABELS: Record<string, { name: string; unit: string }> = {
  cpu_usage: { name: 'CPU usage', unit: '%' },
  memory_usage: { name: 'Memory usage', unit: '%' },
  disk_usage: { name: 'Disk usage', unit: '%' },
  network_latency: { name: 'Network latency', unit: ' ms' },
  api_response_time: { name: 'API response time (p95)', unit: ' ms' },
};

export function metricLabel(metric: string): { name: string; unit: string } {
  return METRIC_LABELS[metric] ?? { name: metric.replace(/_/g, ' '), unit: '' };
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** A measured value with its unit in the reader's number format ('23.4%', '1,204 ms'); '—' for none. */
export function formatValue(value: number | null | undefined, unit = ''): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${numberFormat.format(value)}${unit}`;
}
