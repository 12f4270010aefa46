import type { Activity, DashboardMetrics, Insight, RevenueMonth } from '@sixa/contracts/browser';
import { api } from '../../shared/api';

/** Recent AI Activities: how many of the newest entries the dashboard lists. */
export const ACTIVITY_LIMIT = 8;

/**
 * The dashboard's figures follow the event stream: polled every few seconds while the tab is
 * visible, so a change elsewhere shows here within seconds. The revenue trend moves slowly.
 */
export const DASHBOARD_POLL_MS = 4_000;
export const REVENUE_TREND_POLL_MS = 30_000;

/**
 * GET /dashboard/*. Failures are only logged (spec s.8): no `alertError`, the screen keeps its
 * cards neutral and polling tries again.
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardMetrics: build.query<DashboardMetrics, void>({
      query: () => '/dashboard/metrics',
      providesTags: [{ type: 'DashboardMetrics', id: 'CURRENT' }],
    }),
    getDashboardInsights: build.query<Insight[], void>({
      query: () => '/dashboard/insights',
      providesTags: (insights) => [
        { type: 'Insight', id: 'LIST' },
        ...(insights ?? []).map(({ id }) => ({ type: 'Insight' as const, id })),
      ],
    }),
    getRevenueTrend: build.query<RevenueMonth[], void>({
      query: () => '/dashboard/revenue-trend',
      providesTags: [{ type: 'DashboardMetrics', id: 'REVENUE_TREND' }],
    }),
    getDashboardActivity: build.query<Activity[], number>({
      query: (limit) => ({ url: '/dashboard/activity', params: { limit } }),
      providesTags: [{ type: 'DashboardActivity', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetDashboardMetricsQuery,
  useGetDashboardInsightsQuery,
  useGetRevenueTrendQuery,
  useGetDashboardActivityQuery,
} = dashboardApi;
