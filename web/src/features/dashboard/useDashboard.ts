import { setupListeners } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../shared/hooks';
import {
  ACTIVITY_LIMIT,
  DASHBOARD_POLL_MS,
  REVENUE_TREND_POLL_MS,
  useGetDashboardActivityQuery,
  useGetDashboardInsightsQuery,
  useGetDashboardMetricsQuery,
  useGetRevenueTrendQuery,
} from './dashboardApi';

const live = { pollingInterval: DASHBOARD_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true };

/** Spec s.8: a failure loading dashboard data is only logged (polling tries again). */
function useLogged(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.warn(`Failure loading dashboard data (${what})`, error);
  }, [what, error]);
}

/**
 * The dashboard's four reads, polled while the tab is visible: the figures trail the event stream
 * by a few seconds at most. (The focus listeners tell RTK Query when the tab is hidden.)
 */
export function useDashboard() {
  const dispatch = useAppDispatch();
  useEffect(() => setupListeners(dispatch), [dispatch]);

  const metrics = useGetDashboardMetricsQuery(undefined, live);
  const insights = useGetDashboardInsightsQuery(undefined, live);
  const activity = useGetDashboardActivityQuery(ACTIVITY_LIMIT, live);
  const trend = useGetRevenueTrendQuery(undefined, {
    pollingInterval: REVENUE_TREND_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });

  // The trend changes only with revenue: read again as soon as the total moves (not on its slow poll).
  const revenue = metrics.data?.total_revenue;
  const trendRefetch = trend.refetch;
  const seenRevenue = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (revenue === undefined) return;
    if (seenRevenue.current !== undefined && seenRevenue.current !== revenue) void trendRefetch();
    seenRevenue.current = revenue;
  }, [revenue, trendRefetch]);

  useLogged('metrics', metrics.error);
  useLogged('insights', insights.error);
  useLogged('activity', activity.error);
  useLogged('revenue trend', trend.error);

  const refresh = () => {
    void metrics.refetch();
    void insights.refetch();
    void activity.refetch();
    void trend.refetch();
  };

  return {
    metrics,
    insights,
    activity,
    trend,
    /** The first figures and insights are on their way: the page shows its skeleton. */
    loading: metrics.isLoading && insights.isLoading,
    refreshing: metrics.isFetching || insights.isFetching || activity.isFetching,
    refresh,
  };
}
