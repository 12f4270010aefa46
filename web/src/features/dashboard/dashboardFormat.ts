import type { ActivityStatus, InsightPriority } from '@sixa/contracts/browser';

/** Spec: Total Revenue "in millions with one decimal" ($1.2M; $0.0M below $50,000). */
export function formatRevenueMillions(amount: number): string {
  const millions = amount / 1_000_000;
  const text = (Math.round(millions * 10) / 10).toFixed(1);
  return `$${text === '-0.0' ? '0.0' : text}M`;
}

/** Growth against last month: a signed percent with one decimal, or why there is none. */
export function formatGrowth(growth: number | null): string {
  if (growth === null) return 'No revenue last month';
  const sign = growth > 0 ? '+' : '';
  return `${sign}${growth.toFixed(1)}% from last month`;
}

export function formatSuccessRate(rate: number | null): string {
  return rate === null ? 'No actions today' : `${rate.toFixed(1)}% success rate`;
}

export const PRIORITY_LABELS: Record<InsightPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** High red, medium orange, anything else neutral (spec: high, medium, other). */
export function priorityColor(priority: string): string | undefined {
  if (priority === 'high') return 'red';
  if (priority === 'medium') return 'orange';
  return undefined;
}

export const ACTIVITY_LABELS: Record<ActivityStatus, string> = {
  completed: 'Completed',
  running: 'Running',
  failed: 'Failed',
};

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "just now", "5 minutes ago", "yesterday": how long ago `iso` was, from `now`. */
export function formatRelative(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  let value = (at - now) / 1000;
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}
