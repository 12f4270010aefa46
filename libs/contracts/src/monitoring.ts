/** Monitoring: system status samples, alerts, chart data, analyses and the /ws/monitoring stream. */

import type { RecordTag } from './revisions';

export const OVERALL_HEALTH = ['healthy', 'warning', 'critical'] as const;
export type OverallHealth = (typeof OVERALL_HEALTH)[number];

export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** One latency probe of a dependency (Kafka, the database) or a service's /health. */
export interface ProbeResult {
  target: string;
  ok: boolean;
  /** Round trip in ms; null when the target did not answer. */
  latency_ms: number | null;
  error?: string;
}

/** Spec part 1 s.3 "System status", plus when it was measured and what the probes saw. */
export interface SystemStatus {
  overall_health: OverallHealth;
  cpu_usage: number;
  memory_usage: number;
  disk_usage: number;
  /** Mean round trip of the probes that answered (ms); null when none answered. */
  network_latency: number | null;
  /** p95 of the gateway's API responses over the last sample window (ms); null without traffic. */
  api_response_time: number | null;
  /** Hours since the host (or container's node) started. */
  uptime: number;
  active_alerts: number;
  total_alerts_24h: number;
  timestamp: string;
  probes: ProbeResult[];
}

export interface Alert {
  id: string;
  /** This revision's tag (see RecordTag), kept by the store with every write. */
  etag?: RecordTag;
  severity: AlertSeverity;
  status: AlertStatus;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
  ai_analysis?: string;
  /** Which rule raised it ('simulation' for the Testing & Simulation buttons). */
  rule: string;
  /** What it is about: a metric or a dependency. One open alert per rule and target. */
  target: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
  /** 'auto' when the condition cleared by itself, else the user who resolved it. */
  resolved_by: string | null;
}

export const CHART_SERIES = ['cpu_usage', 'memory_usage', 'network_latency', 'api_response_time'] as const;
export type ChartSeriesKey = (typeof CHART_SERIES)[number];

/** labels are ISO times; data holds one value per label (null where nothing was measured). */
export interface ChartSeries {
  labels: string[];
  data: Array<number | null>;
}

export interface ChartDataResponse {
  chart_data: Record<ChartSeriesKey, ChartSeries>;
  hours: number;
  /** Seconds each point stands for (the samples inside are averaged). */
  bucket_seconds: number;
}

export type Trend = 'rising' | 'falling' | 'steady';

export interface MetricTrend {
  metric: string;
  current: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
  /** Least-squares slope over the window, in the metric's unit per hour. */
  slope_per_hour: number | null;
  trend: Trend;
}

export interface Anomaly {
  metric: string;
  at: string;
  value: number;
  baseline_mean: number;
  baseline_stddev: number;
  /** How many standard deviations from the baseline. */
  z_score: number;
}

export interface DiskForecast {
  current: number;
  rate_per_hour: number;
  /** When disk usage reaches 100% at the current rate; null when it is not rising. */
  full_at: string | null;
  hours_to_full: number | null;
}

/** The structured result of POST /monitoring/analyze (ai_analysis). */
export interface StructuredAnalysis {
  summary: string;
  window: { from: string | null; to: string | null; samples: number };
  trends: MetricTrend[];
  anomalies: Anomaly[];
  forecast: { disk: DiskForecast | null };
  alerts: { open: number; last_24h: number; by_severity: Record<AlertSeverity, number> };
  recommendations: string[];
  /** Added when an LLM endpoint is configured and answered. */
  narrative?: string;
}

export interface AnalysisResponse {
  timestamp: string;
  ai_analysis: StructuredAnalysis;
}

/** The WebSocket subprotocol of /ws/monitoring. The token travels as a second one: `bearer.<jwt>`. */
export const MONITORING_WS_PROTOCOL = 'sixa.monitoring.v1';
export const WS_TOKEN_PROTOCOL_PREFIX = 'bearer.';

export type MonitoringMessage =
  | { type: 'system_status'; data: SystemStatus }
  | { type: 'new_alert'; data: Alert }
  | { type: 'alert_updated'; data: Alert };
