import type { SystemStatus } from '@sixa/contracts';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { formatDaysUptime, formatMs, formatPercent } from './monitoringLabels';

interface CurrentMetricsProps {
  status: SystemStatus | undefined;
  connected: boolean;
}

/** The latest values beside the charts, and whether they arrive live. */
export function CurrentMetrics({ status, connected }: CurrentMetricsProps) {
  const { token } = theme.useToken();
  const metrics = [
    { title: 'Disk Usage', value: status ? formatPercent(status.disk_usage) : '—' },
    { title: 'Network Latency', value: formatMs(status?.network_latency) },
    { title: 'API Response', value: formatMs(status?.api_response_time) },
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
