import type { Alert, ChartDataResponse, ChartSeries, SystemStatus, User } from '@sixa/contracts/browser';
import { mockApi, type RouteHandler } from '../../../test/mockApi';

let sequence = 0;

/** A status sample as GET /api/monitoring/system-status and the stream send it. */
export function buildStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    overall_health: 'healthy',
    cpu_usage: 23.4,
    memory_usage: 41.2,
    disk_usage: 57.8,
    network_latency: 12.3,
    api_response_time: 85,
    uptime: 76.8,
    active_alerts: 2,
    total_alerts_24h: 5,
    timestamp: '2026-03-01T10:00:00.000Z',
    probes: [
      { target: 'kafka', ok: true, latency_ms: 4.2 },
      { target: 'mongodb', ok: true, latency_ms: 1.1 },
    ],
    ...overrides,
  };
}

export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString();
  return {
    id: `alert-${sequence}`,
    severity: 'medium',
    status: 'active',
    title: `Alert ${sequence}`,
    description: `Something happened (${sequence})`,
    created_at: at,
    updated_at: at,
    rule: 'cpu_high',
    target: 'cpu_usage',
    acknowledged_at: null,
    acknowledged_by: null,
    resolved_at: null,
    resolved_by: null,
    ...overrides,
  };
}

const labels = ['2026-03-01T09:00:00.000Z', '2026-03-01T09:05:00.000Z', '2026-03-01T09:10:00.000Z'];
const series = (data: Array<number | null>): ChartSeries => ({ labels, data });

/** Chart data with every series measured unless overridden (e.g. `{ api_response_time: [null, null, null] }`). */
export function buildChartData(
  overrides: Partial<Record<keyof ChartDataResponse['chart_data'], Array<number | null>>> = {},
) {
  const data: ChartDataResponse = {
    hours: 6,
    bucket_seconds: 300,
    chart_data: {
      cpu_usage: series(overrides.cpu_usage ?? [20, 25, 23.4]),
      memory_usage: series(overrides.memory_usage ?? [40, 41, 41.2]),
      network_latency: series(overrides.network_latency ?? [10, null, 12.3]),
      api_response_time: series(overrides.api_response_time ?? [80, 90, 85]),
    },
  };
  return data;
}

export const ROUTES = {
  status: 'GET /api/monitoring/system-status',
  alerts: 'GET /api/monitoring/alerts?limit=10&status=open',
  chartData: 'GET /api/monitoring/metrics/chart-data?hours=6',
  analyze: 'POST /api/monitoring/analyze',
  simulate: (severity: string) => `POST /api/monitoring/simulate-alert?severity=${severity}`,
  acknowledge: (id: string) => `POST /api/monitoring/alerts/${id}/acknowledge`,
  resolve: (id: string) => `POST /api/monitoring/alerts/${id}/resolve`,
} as const;

interface MonitoringBackendOptions {
  status?: SystemStatus | RouteHandler;
  alerts?: Alert[];
  chartData?: ChartDataResponse;
  routes?: Record<string, RouteHandler>;
}

const isOpen = (alert: Alert) => alert.status !== 'resolved';

/**
 * The monitoring service behind the gateway, over an alert list the handlers can change. Like the
 * service, it lists the open alerts for `status=open`, and its status counts them (unless the test
 * gives a status of its own).
 */
export function monitoringBackend(me: User, options: MonitoringBackendOptions = {}) {
  let alerts = options.alerts ?? [];
  const status = options.status;
  const api = mockApi({
    'GET /api/auth/me': { body: me },
    [ROUTES.status]:
      status === undefined
        ? () => ({ body: buildStatus({ active_alerts: alerts.filter(isOpen).length }) })
        : 'overall_health' in status
          ? { body: status }
          : status,
    [ROUTES.alerts]: () => ({ body: alerts.filter(isOpen) }),
    [ROUTES.chartData]: { body: options.chartData ?? buildChartData() },
    ...options.routes,
  });
  return {
    api,
    set(next: Alert[]) {
      alerts = next;
    },
    get alerts() {
      return alerts;
    },
  };
}
