import type { SystemStatus } from '@sixa/contracts/browser';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { formatDaysUptime, formatMs, formatPercent } from './monitoringLabels';

interface CurrentMetricsProps {
  status: SystemStatus | undefined;
  connected: boolean;
}

export const NO_API_SAMPLES = 'No API samples yet';

/** The API's p95, or why there is none: no API call has been timed yet (not 0, not a blank). */
export function apiResponse(status: Pick<SystemStatus, 'api_response_time'> | undefined): string {
  if (!status) return '—';
  return status.api_response_time === null || status.api_response_time === undefined
    ? NO_API_SAMPLES
    : formatMs(status.api_response_time);
}

/** The latest values beside the charts, and whether they arrive live. */
export function CurrentMetrics({ status, connected }: CurrentMetricsProps) {
  const { token } = theme.useToken();
  const metrics = [
    { title: 'Disk Usage', value: status ? formatPercent(status.disk_usage) : '—' },
    { title: 'Network Latency', value: formatMs(status?.network_latency) },
    { title: 'API Response', value: apiResponse(status) },
    { title: 'Days Uptime', value: status ? formatDaysUptime(status.uptime) : '—' },
  ];
  return (
    <Card title="Current Metrics" size="small">
      <Row gutter={[16, 16]}>
        {metrics.map((metric) => (
          <Col key={metric.title} xs={12} md={8} xl={4}>
            <Statistic title={metric.title} value={metric.value} />
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Statistic
            title="Data Stream"
            value={connected ? 'Live' : 'Offline'}
            styles={{ content: { color: connected ? token.colorSuccess : token.colorError } }}
          />
        </Col>
      </Row>
    </Card>
  );
}
