import type { Activity, DashboardMetrics, Insight, RevenueMonth } from '@sixa/contracts/browser';
import type { RouteHandler } from '../../../test/mockApi';
import { employeeUser } from '../../../test/factories';

export const employee = employeeUser();

export function buildMetrics(overrides: Partial<DashboardMetrics> = {}): DashboardMetrics {
  return {
    total_revenue: 1_234_567.89,
    revenue_growth: 12.5,
    active_workflows: 4,
    automated_today: 7,
    ai_tasks_completed: 19,
    success_rate: 95,
    team_members: 12,
    online_members: 3,
    time_zone: 'UTC',
    as_of: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

let sequence = 0;

/** The records an insight covers (spread, not written inline: a field the contract gained lately). */
const noSubjects = { subject_ids: [] as string[] };

export function buildInsight(overrides: Partial<Insight> = {}): Insight {
  sequence += 1;
  return {
    ...noSubjects,
    id: `insight-${sequence}`,
    kind: 'hot_leads_without_task',
    title: '3 hot leads have no follow-up task',
    priority: 'high',
    description: 'Acme, Globex and Initech scored 80 or more and nobody is on them.',
    action: { label: 'Open hot leads', route: '/leads', query: { label: 'hot', has_task: 'false' } },
    count: 3,
    ...overrides,
  };
}

export function buildActivity(overrides: Partial<Activity> = {}): Activity {
  sequence += 1;
  return {
    id: `activity-${sequence}`,
    source: 'assistant',
    status: 'completed',
    title: 'Created a task',
    detail: 'Call Acme about the renewal',
    at: new Date(Date.now() - 5 * 60_000).toISOString(),
    link: '/tasks?focus=task-1',
    ...overrides,
  };
}

export function buildTrend(revenues: number[] = []): RevenueMonth[] {
  return Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    revenue: revenues[index] ?? 0,
    quotes: revenues[index] ? 1 : 0,
  }));
}

export const ROUTES = {
  me: 'GET /api/auth/me',
  metrics: 'GET /api/dashboard/metrics',
  insights: 'GET /api/dashboard/insights',
  trend: 'GET /api/dashboard/revenue-trend',
  activity: 'GET /api/dashboard/activity?limit=8',
} as const;

/** A dashboard backend with everything answered; tests override what they look at. */
export function dashboardRoutes(
  overrides: Partial<Record<keyof typeof ROUTES, RouteHandler>> = {},
): Record<string, RouteHandler> {
  const answers: Record<keyof typeof ROUTES, RouteHandler> = {
    me: { body: employee },
    metrics: { body: buildMetrics() },
    insights: { body: [buildInsight()] },
    trend: { body: buildTrend() },
    activity: { body: [buildActivity()] },
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(answers).map(([key, handler]) => [ROUTES[key as keyof typeof ROUTES], handler]),
  );
}
