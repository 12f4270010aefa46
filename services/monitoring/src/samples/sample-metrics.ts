/** The metrics a sample holds as numbers, and how they are named and measured. */
export type MetricKey = 'cpu_usage' | 'memory_usage' | 'disk_usage' | 'network_latency' | 'api_response_time';

export const METRIC_LABELS: Record<MetricKey, { name: string; unit: string }> = {
  cpu_usage: { name: 'CPU usage', unit: '%' },
  memory_usage: { name: 'Memory usage', unit: '%' },
  disk_usage: { name: 'Disk usage', unit: '%' },
  network_latency: { name: 'Network latency', unit: ' ms' },
  api_response_time: { name: 'API response time (p95)', unit: ' ms' },
};
