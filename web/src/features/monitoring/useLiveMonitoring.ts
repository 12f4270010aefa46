import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../auth/authSlice';
import {
  MONITORING_LIMITS,
  useGetAlertsQuery,
  useGetChartDataQuery,
  useGetSystemStatusQuery,
  useMonitoringStreamQuery,
  type MonitoringStream,
} from './monitoringApi';

const NO_ALERTS: never[] = [];
const NOT_STARTED: MonitoringStream = { connected: false, status: null };

/**
 * The monitoring data of the page: HTTP for the first picture, the live stream after that, all in
 * the RTK Query cache.
 * - Status: the stream's entry holds it (system_status messages, and HTTP answers while the stream
 *   is down). While the stream is down the status is polled every 10 s (our choice, so that the
 *   page is not frozen).
 * - Alerts: one cache entry; new_alert and alert_updated messages edit it in place.
 * - Charts: refetched every 30 s (spec s.9).
 */
export function useLiveMonitoring() {
  const token = useAppSelector(selectToken);
  const { data: stream = NOT_STARTED } = useMonitoringStreamQuery(token ?? skipToken);

  const statusQuery = useGetSystemStatusQuery(undefined, {
    pollingInterval: stream.connected ? 0 : MONITORING_LIMITS.statusPollMs,
  });
  const alertsQuery = useGetAlertsQuery();
  const chartQuery = useGetChartDataQuery(undefined, { pollingInterval: MONITORING_LIMITS.chartRefreshMs });

  return {
    connected: stream.connected,
    // The HTTP answer until the stream's entry has a status (it takes that answer a moment later).
    status: stream.status ?? statusQuery.data,
    alerts: alertsQuery.data ?? NO_ALERTS,
    alertsFetching: alertsQuery.isFetching,
    refetchAlerts: alertsQuery.refetch,
    chartData: chartQuery.data,
    /** Until the first status, alerts and chart answers, success or failure (spec s.8). */
    loading: statusQuery.isLoading || alertsQuery.isLoading || chartQuery.isLoading,
  };
}
