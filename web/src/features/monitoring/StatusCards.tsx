import type { SystemStatus } from '@sixa/contracts/browser';
import { AlertOutlined, DashboardOutlined, DatabaseOutlined, HeartOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Progress, Row, Statistic, Typography, theme, type GlobalToken } from 'antd';
import type { ReactNode } from 'react';
import { capitalise, formatPercent, healthColor } from './monitoringLabels';

/** Bars turn amber from 70% and red from 90% (the same thresholds as the usual host alerts). */
function usageColor(percent: number, token: GlobalToken): string {
  if (percent >= 90) return token.colorError;
  if (percent >= 70) return token.colorWarning;
  return token.colorPrimary;
}

function UsageCard({ title, value, icon }: { title: string; value: number | undefined; icon: ReactNode }) {
  const { token } = theme.useToken();
  const percent = value ?? 0;
  return (
    <Card style={{ height: '100%' }}>
      <Statistic title={title} value={value === undefined ? '—' : formatPercent(percent)} prefix={icon} />
      <Progress
        percent={Math.round(percent * 10) / 10}
        showInfo={false}
        strokeColor={usageColor(percent, token)}
        aria-label={`${title} ${formatPercent(percent)}`}
      />
    </Card>
  );
}

interface StatusCardsProps {
  status: SystemStatus | undefined;
  /** The open alerts, counted once for this card and the Alerts tab (see openAlertCount). */
  openAlerts: number;
}

/** The four top cards: System Health, CPU Usage, Memory Usage and Active Alerts. */
export function StatusCards({ status, openAlerts }: StatusCardsProps) {
  const { token } = theme.useToken();
  const health = status?.overall_health;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} lg={6}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title="System Health"
            value={health ? capitalise(health) : 'Unknown'}
            prefix={<HeartOutlined />}
            styles={{ content: { color: healthColor(health, token) } }}
          />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <UsageCard title="CPU Usage" value={status?.cpu_usage} icon={<DashboardOutlined />} />
      </Col>
      <Col xs={12} lg={6}>
        <UsageCard title="Memory Usage" value={status?.memory_usage} icon={<DatabaseOutlined />} />
      </Col>
      <Col xs={12} lg={6}>
        <Card style={{ height: '100%' }}>
          <Flex vertical>
            <Statistic title="Active Alerts" value={openAlerts} prefix={<AlertOutlined />} />
            <Typography.Text type="secondary">{`${status?.total_alerts_24h ?? 0} in 24h`}</Typography.Text>
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
