import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { selectToken } from '../auth/authSlice';
import {
  MONITORING_LIMITS,
  openAlertCount,
  useGetAlertsQuery,
  useGetChartDataQuery,
  useGetSystemStatusQuery,
  useMonitoringStreamQuery,
  type MonitoringStream,
} from './monitoringApi';

const NO_ALERTS: never[] = [];

/**
 * When the list and the status's count of open alerts still disagree after this long, the list is
 * read again (at most once per RECONCILE_GAP_MS): an alert change that reached the stream while the
 * list was being fetched would otherwise be lost until the next reload.
 */
const RECONCILE_AFTER_MS = 2_000;
const RECONCILE_GAP_MS = 5_000;
const NOT_STARTED: MonitoringStream = { connected: false, status: null };

/**
 * The monitoring data of the page: HTTP for the first picture, the live stream after that, all in
 * the RTK Query cache.
 * - Status: the stream's entry holds it (system_status messages, and HTTP answers while the stream
 *   is down). While the stream is down the status is polled every 10 s (our choice, so that the
 *   page is not frozen).
 * - Alerts: one cache entry of the open alerts; new_alert and alert_updated messages edit it in
 *   place (a resolved alert leaves it). Their number comes from the status, for the card and the tab alike.
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

  // The HTTP answer until the stream's entry has a status (it takes that answer a moment later).
  const status = stream.status ?? statusQuery.data;
  const alerts = alertsQuery.data ?? NO_ALERTS;
  const openAlerts = openAlertCount(status, alerts);

  const listed = alertsQuery.data?.length;
  const expected = Math.min(openAlerts, MONITORING_LIMITS.alerts);
  const { isFetching: alertsFetching, refetch: refetchAlertList } = alertsQuery;
  const lastReconcile = useRef(0);
  useEffect(() => {
    if (!status || listed === undefined || listed === expected || alertsFetching) return;
    const wait = Math.max(RECONCILE_AFTER_MS, lastReconcile.current + RECONCILE_GAP_MS - Date.now());
    const timer = setTimeout(() => {
      lastReconcile.current = Date.now();
      void refetchAlertList();
    }, wait);
    return () => clearTimeout(timer);
  }, [status, listed, expected, alertsFetching, refetchAlertList]);

  return {
    connected: stream.connected,
    status,
    alerts,
    openAlerts,
    alertsFetching,
    /** The open alerts and, with them, their count in the status (it counts only while the stream is down). */
    refetchAlerts: () => {
      void alertsQuery.refetch();
      if (!stream.connected) void statusQuery.refetch();
    },
    chartData: chartQuery.data,
    /** Until the first status, alerts and chart answers, success or failure (spec s.8). */
    loading: statusQuery.isLoading || alertsQuery.isLoading || chartQuery.isLoading,
  };
}
