import type { AlertSeverity, AlertStatus } from '@sixa/contracts';
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
      return token.colorSuccess;
    case 'warning':
      return token.gold;
    case 'critical':
      return token.colorError;
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
