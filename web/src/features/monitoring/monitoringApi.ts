import type {
  Alert,
  AlertSeverity,
  AnalysisResponse,
  ChartDataResponse,
  StructuredAnalysis,
  SystemStatus,
} from '@sixa/contracts';
import { api } from '../../app/api';
import { describeError } from '../../shared/apiError';

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
  status: 'Could not load the system status.',
  alerts: 'Could not load alerts.',
  chartData: 'Could not load chart data.',
  analyze: 'Error running the AI analysis.',
  simulate: 'Error simulating alert.',
  acknowledge: 'Error acknowledging alert.',
  resolve: 'Error resolving alert.',
} as const;

/** The spec allows a plain-text analysis as well as the structured one of the contract. */
export interface AnalysisResult extends Omit<AnalysisResponse, 'ai_analysis'> {
  ai_analysis: StructuredAnalysis | string;
}

const ALERT_LIST = { type: 'Alert', id: 'LIST' } as const;

/** Spec s.8: monitoring fetch failures are only logged; the screen carries on with what it has. */
const logFailure =
  (what: string) =>
  async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
    try {
      await queryFulfilled;
    } catch (failure) {
      console.error(`Failed to load ${what}`, (failure as { error?: unknown }).error ?? failure);
    }
  };

export const monitoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemStatus: build.query<SystemStatus, void>({
      query: () => '/monitoring/system-status',
      providesTags: ['MonitoringStatus'],
      onQueryStarted: logFailure('system status'),
      transformErrorResponse: describeError(MONITORING_ERRORS.status),
    }),
    getAlerts: build.query<Alert[], void>({
      query: () => ({ url: '/monitoring/alerts', params: { limit: MONITORING_LIMITS.alerts } }),
      providesTags: (alerts) => [...(alerts ?? []).map(({ id }) => ({ type: 'Alert' as const, id })), ALERT_LIST],
      onQueryStarted: logFailure('alerts'),
      transformErrorResponse: describeError(MONITORING_ERRORS.alerts),
    }),
    getChartData: build.query<ChartDataResponse, void>({
      query: () => ({ url: '/monitoring/metrics/chart-data', params: { hours: MONITORING_LIMITS.chartHours } }),
      providesTags: ['ChartData'],
      onQueryStarted: logFailure('chart data'),
      transformErrorResponse: describeError(MONITORING_ERRORS.chartData),
    }),
    analyze: build.mutation<AnalysisResult, void>({
      query: () => ({ url: '/monitoring/analyze', method: 'POST' }),
      transformErrorResponse: describeError(MONITORING_ERRORS.analyze),
    }),
    /**
     * No cache change here: the new alert reaches the list through the live stream, or through a
     * refetch by the caller when the stream is down (spec s.7).
     */
    simulateAlert: build.mutation<Alert, AlertSeverity>({
      query: (severity) => ({ url: '/monitoring/simulate-alert', method: 'POST', params: { severity } }),
      transformErrorResponse: describeError(MONITORING_ERRORS.simulate),
    }),
    acknowledgeAlert: build.mutation<Alert, string>({
      query: (id) => ({ url: `/monitoring/alerts/${encodeURIComponent(id)}/acknowledge`, method: 'POST' }),
      onQueryStarted: replaceInList,
      transformErrorResponse: describeError(MONITORING_ERRORS.acknowledge),
    }),
    resolveAlert: build.mutation<Alert, string>({
      query: (id) => ({ url: `/monitoring/alerts/${encodeURIComponent(id)}/resolve`, method: 'POST' }),
      onQueryStarted: replaceInList,
      transformErrorResponse: describeError(MONITORING_ERRORS.resolve),
    }),
  }),
});

/** An acknowledged or resolved alert is updated where it stands in the list (no reload). */
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

/** Live alert list rules (spec s.7/s.9): newest first, one entry per id, at most 10. */
export function withNewAlert(alerts: Alert[], alert: Alert): Alert[] {
  return [alert, ...alerts.filter(({ id }) => id !== alert.id)].slice(0, MONITORING_LIMITS.alerts);
}

/** An update replaces the alert with the same id; an alert that is not listed stays out. */
export function withUpdatedAlert(alerts: Alert[], alert: Alert): Alert[] {
  return alerts.map((listed) => (listed.id === alert.id ? alert : listed));
}

export const {
  useGetSystemStatusQuery,
  useGetAlertsQuery,
  useGetChartDataQuery,
  useAnalyzeMutation,
  useSimulateAlertMutation,
  useAcknowledgeAlertMutation,
  useResolveAlertMutation,
} = monitoringApi;
