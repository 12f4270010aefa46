import type { MonitoringMessage, SystemStatus } from '@sixa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToken } from '../auth/authSlice';
import {
  MONITORING_LIMITS,
  monitoringApi,
  useGetAlertsQuery,
  useGetChartDataQuery,
  useGetSystemStatusQuery,
  withNewAlert,
  withUpdatedAlert,
} from './monitoringApi';
import { useMonitoringStream } from './useMonitoringStream';

const NO_ALERTS: never[] = [];

/**
 * The monitoring data of the page: HTTP for the first picture, the live stream after that.
 * - Status: a system_status message replaces it; an HTTP answer is applied only while the stream is
 *   not connected (spec s.7), or when there is no status at all yet. While the stream is down the
 *   status is polled every 10 s (our choice, so that the page is not frozen).
 * - Alerts: one RTK Query cache entry; new_alert and alert_updated messages edit it in place.
 * - Charts: refetched every 30 s (spec s.9).
 */
export function useLiveMonitoring() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [status, setStatus] = useState<SystemStatus | undefined>(undefined);

  const onMessage = useCallback(
    (message: MonitoringMessage) => {
      switch (message.type) {
        case 'system_status':
          setStatus(message.data);
          break;
        case 'new_alert':
          dispatch(
            monitoringApi.util.updateQueryData('getAlerts', undefined, (alerts) => withNewAlert(alerts, message.data)),
          );
          break;
        case 'alert_updated':
          dispatch(
            monitoringApi.util.updateQueryData('getAlerts', undefined, (alerts) =>
              withUpdatedAlert(alerts, message.data),
            ),
          );
          break;
      }
    },
    [dispatch],
  );

  const { connected } = useMonitoringStream(token, onMessage);

  const statusQuery = useGetSystemStatusQuery(undefined, {
    pollingInterval: connected ? 0 : MONITORING_LIMITS.statusPollMs,
  });
  const alertsQuery = useGetAlertsQuery();
  const chartQuery = useGetChartDataQuery(undefined, { pollingInterval: MONITORING_LIMITS.chartRefreshMs });

  // Read when an answer arrives, not a reason to re-apply an old answer when the stream drops.
  const connectedNow = useRef(connected);
  useEffect(() => {
    connectedNow.current = connected;
  }, [connected]);

  const { data: httpStatus, fulfilledTimeStamp } = statusQuery;
  useEffect(() => {
    if (!httpStatus) return;
    setStatus((current) => (connectedNow.current && current ? current : httpStatus));
    // Each answer once, when it arrives (an unchanged answer keeps its object identity, so the time).
  }, [httpStatus, fulfilledTimeStamp]);

  return {
    connected,
    status,
    alerts: alertsQuery.data ?? NO_ALERTS,
    alertsFetching: alertsQuery.isFetching,
    refetchAlerts: alertsQuery.refetch,
    chartData: chartQuery.data,
    /** Until the first status, alerts and chart answers, success or failure (spec s.8). */
    loading: statusQuery.isLoading || alertsQuery.isLoading || chartQuery.isLoading,
  };
}
