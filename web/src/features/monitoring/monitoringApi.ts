import {
  MONITORING_WS_PROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
  type Alert,
  type AlertSeverity,
  type AnalysisResponse,
  type ChartDataResponse,
  type MonitoringMessage,
  type StructuredAnalysis,
  type SystemStatus,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import type { RootState } from '../../shared/hooks';
import { monitoringStreamUrl, parseMonitoringMessage, STREAM_RECONNECT_MS } from './monitoringMessages';

/** Spec s.9: the chart window, the alert request limit and the refresh cadences. */
export const MONITORING_LIMITS = {
  alerts: 10,
  chartHours: 6,
  chartRefreshMs: 30_000,
  /**
   * Our choice, not the spec's: while the live stream is down the page polls the status at the
   * stream's own cadence (10 s), so that the cards do not freeze until the stream is back.
   */
  statusPollMs: 10_000,
} as const;

/** Texts shown when the server gives no detail. */
export const MONITORING_ERRORS = {
  analyze: 'Error running the AI analysis.',
  simulate: 'Error simulating alert.',
  acknowledge: 'Error acknowledging alert.',
  resolve: 'Error resolving alert.',
} as const;

/** The spec allows a plain-text analysis as well as the structured one of the contract. */
export interface AnalysisResult extends Omit<AnalysisResponse, 'ai_analysis'> {
  ai_analysis: StructuredAnalysis | string;
}

/** The live stream's cache entry: whether it is connected, and the status the page shows. */
export interface MonitoringStream {
  connected: boolean;
  /**
   * The newest status: each system_status message replaces it; an HTTP answer replaces it only
   * while the stream is not connected, or while there is none yet (spec s.7).
   */
  status: SystemStatus | null;
}

const ALERT_LIST = { type: 'Alert', id: 'LIST' } as const;

/**
 * The status carries the open-alert count that the card and the Alerts tab show: after a change of
 * alerts it is asked for again (it counts only while the stream is down; the stream brings it otherwise).
 */
const STATUS_AFTER_CHANGE = (_result: unknown, error: unknown) => (error ? [] : ['MonitoringStatus' as const]);

/** Spec s.8: monitoring fetch failures are only logged; the screen carries on with what it has. */
async function answerOrLog<T>(what: string, queryFulfilled: Promise<{ data: T }>): Promise<T | undefined> {
  try {
    return (await queryFulfilled).data;
  } catch (failure) {
    console.error(`Failed to load ${what}`, (failure as { error?: unknown }).error ?? failure);
    return undefined;
  }
}

const logFailure =
  (what: string) =>
  async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<{ data: unknown }> }) => {
    await answerOrLog(what, queryFulfilled);
  };

export const monitoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemStatus: build.query<SystemStatus, void>({
      query: () => '/monitoring/system-status',
      providesTags: ['MonitoringStatus'],
      onQueryStarted: applyHttpStatus,
    }),
    /** The open alerts (active or acknowledged), newest first: the Alerts tab's list. */
    getAlerts: build.query<Alert[], void>({
      query: () => ({ url: '/monitoring/alerts', params: { limit: MONITORING_LIMITS.alerts, status: 'open' } }),
      providesTags: (alerts) => [...(alerts ?? []).map(({ id }) => ({ type: 'Alert' as const, id })), ALERT_LIST],
      onQueryStarted: logFailure('alerts'),
    }),
    getChartData: build.query<ChartDataResponse, void>({
      query: () => ({ url: '/monitoring/metrics/chart-data', params: { hours: MONITORING_LIMITS.chartHours } }),
      providesTags: ['ChartData'],
      onQueryStarted: logFailure('chart data'),
    }),
    /**
     * The /ws/monitoring stream of this token's session, open while a component subscribes (the
     * entry is dropped as soon as the last one leaves). Starts disconnected, with the status an HTTP
     * answer may already have brought.
     */
    monitoringStream: build.query<MonitoringStream, string>({
      queryFn: (_token, { getState }) => ({
        data: { connected: false, status: cachedHttpStatus(getState() as RootState) },
      }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: followStream,
    }),
    analyze: build.mutation<AnalysisResult, void>({
      query: () => ({ url: '/monitoring/analyze', method: 'POST' }),
    }),
    /**
     * No cache change here: the new alert reaches the list through the live stream, or through a
     * refetch by the caller when the stream is down (spec s.7).
     */
    simulateAlert: build.mutation<Alert, AlertSeverity>({
      query: (severity) => ({ url: '/monitoring/simulate-alert', method: 'POST', params: { severity } }),
      invalidatesTags: STATUS_AFTER_CHANGE,
    }),
    acknowledgeAlert: build.mutation<Alert, string>({
      query: (id) => ({ url: `/monitoring/alerts/${encodeURIComponent(id)}/acknowledge`, method: 'POST' }),
      onQueryStarted: replaceInList,
      invalidatesTags: STATUS_AFTER_CHANGE,
    }),
    resolveAlert: build.mutation<Alert, string>({
      query: (id) => ({ url: `/monitoring/alerts/${encodeURIComponent(id)}/resolve`, method: 'POST' }),
      onQueryStarted: replaceInList,
      invalidatesTags: STATUS_AFTER_CHANGE,
    }),
  }),
});

/** The last HTTP status answer in the cache, if any. */
function cachedHttpStatus(state: RootState): SystemStatus | null {
  return monitoringApi.endpoints.getSystemStatus.select()(state).data ?? null;
}

/** Each HTTP status answer goes to the stream's entry, where it counts only while the stream is down. */
async function applyHttpStatus(
  _arg: void,
  {
    dispatch,
    getState,
    queryFulfilled,
  }: {
    dispatch: (action: unknown) => unknown;
    getState: () => unknown;
    queryFulfilled: Promise<{ data: SystemStatus }>;
  },
) {
  const status = await answerOrLog('system status', queryFulfilled);
  if (!status) return;
  for (const token of monitoringApi.util.selectCachedArgsForQuery(getState() as RootState, 'monitoringStream')) {
    dispatch(
      monitoringApi.util.updateQueryData('monitoringStream', token, (stream) => {
        if (!stream.connected || !stream.status) stream.status = status;
      }),
    );
  }
}

/**
 * Opens the stream for the entry's lifetime. Browsers cannot set headers on a WebSocket, so the
 * token travels as a second subprotocol (`bearer.<jwt>`) that the gateway reads; it selects the
 * first one. A closed stream is opened again after 5 s (spec s.4), also after a 4401 (token
 * refused): one attempt every 5 s is no hammering, and a token that is really gone ends the session
 * through the next HTTP call anyway.
 */
async function followStream(
  token: string,
  {
    dispatch,
    updateCachedData,
    cacheDataLoaded,
    cacheEntryRemoved,
  }: {
    dispatch: (action: unknown) => unknown;
    updateCachedData: (recipe: (stream: MonitoringStream) => void) => unknown;
    cacheDataLoaded: Promise<unknown>;
    cacheEntryRemoved: Promise<unknown>;
  },
) {
  try {
    await cacheDataLoaded;
  } catch {
    return; // removed before it started
  }
  // Assigned in the callbacks below: the cast keeps TypeScript from narrowing it to null for good.
  let socket = null as WebSocket | null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const setConnected = (connected: boolean) =>
    updateCachedData((stream) => {
      stream.connected = connected;
    });

  /** Status messages edit this entry; alert messages edit the one alert list, where the page reads it. */
  const apply = (message: MonitoringMessage) => {
    switch (message.type) {
      case 'system_status':
        updateCachedData((stream) => {
          stream.status = message.data;
        });
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
  };

  const open = () => {
    retry = undefined;
    const ws = new WebSocket(monitoringStreamUrl(), [MONITORING_WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`]);
    socket = ws;
    ws.onopen = () => setConnected(true);
    ws.onmessage = (event: MessageEvent) => {
      const message = parseMonitoringMessage(event.data);
      if (message) apply(message);
    };
    ws.onerror = () => setConnected(false);
    ws.onclose = () => {
      setConnected(false);
      if (retry === undefined) retry = setTimeout(open, STREAM_RECONNECT_MS);
    };
  };

  open();
  await cacheEntryRemoved;
  clearTimeout(retry);
  if (socket) {
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    socket.close();
  }
}

/** An acknowledged alert is updated where it stands in the list (no reload); a resolved one leaves it. */
async function replaceInList(
  _id: string,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Alert }> },
) {
  try {
    const { data: updated } = await queryFulfilled;
    dispatch(monitoringApi.util.updateQueryData('getAlerts', undefined, (alerts) => withUpdatedAlert(alerts, updated)));
  } catch {
    // shown by the caller
  }
}

export const isOpenAlert = (alert: Pick<Alert, 'status'>) => alert.status !== 'resolved';

/** Live alert list rules (spec s.7/s.9): open alerts only, newest first, one entry per id, at most 10. */
export function withNewAlert(alerts: Alert[], alert: Alert): Alert[] {
  const others = alerts.filter(({ id }) => id !== alert.id);
  return (isOpenAlert(alert) ? [alert, ...others] : others).slice(0, MONITORING_LIMITS.alerts);
}

/**
 * An update replaces the alert with the same id, and a resolved alert leaves the list; an alert that
 * is not listed stays out.
 */
export function withUpdatedAlert(alerts: Alert[], alert: Alert): Alert[] {
  return alerts.flatMap((listed) => (listed.id !== alert.id ? [listed] : isOpenAlert(alert) ? [alert] : []));
}

/**
 * The number of open alerts, one figure for the Active Alerts card and the Alerts tab: the server's
 * count in the status (the list holds at most 10); the listed ones until a status has arrived.
 */
export function openAlertCount(
  status: Pick<SystemStatus, 'active_alerts'> | null | undefined,
  alerts: Alert[],
): number {
  return status?.active_alerts ?? alerts.filter(isOpenAlert).length;
}

export const {
  useGetSystemStatusQuery,
  useMonitoringStreamQuery,
  useGetAlertsQuery,
  useGetChartDataQuery,
  useAnalyzeMutation,
  useSimulateAlertMutation,
  useAcknowledgeAlertMutation,
  useResolveAlertMutation,
} = monitoringApi;
