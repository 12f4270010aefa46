import type { Alert } from '@sixa/contracts/browser';
import { CheckCircleOutlined, EyeOutlined, RobotOutlined } from '@ant-design/icons';
import { Card, Flex, Space, Tag, Typography, theme } from 'antd';
import { AccessButton } from '../../shared/access';
import { alertStatusTagColor, formatMoment, localizeTimes, severityTagColor } from './monitoringLabels';

interface AlertItemProps {
  alert: Alert;
  busy: boolean;
  onAcknowledge: (alert: Alert) => void;
  onResolve: (alert: Alert) => void;
}

/** One alert: severity, status, what happened, when, the AI's reading, and what can be done. */
export function AlertItem({ alert, busy, onAcknowledge, onResolve }: AlertItemProps) {
  const { token } = theme.useToken();
  const canAcknowledge = alert.status === 'active';
  const canResolve = alert.status === 'active' || alert.status === 'acknowledged';
  return (
    <Card size="small" role="article" aria-label={alert.title}>
      <Flex vertical gap="small">
        <Flex justify="space-between" align="flex-start" wrap gap="small">
          <Space wrap size="small">
            <Tag color={severityTagColor[alert.severity]}>{alert.severity.toUpperCase()}</Tag>
            <Tag color={alertStatusTagColor[alert.status]}>{alert.status}</Tag>
            <Typography.Text strong>{alert.title}</Typography.Text>
          </Space>
          <Space wrap size="small">
            {canAcknowledge ? (
              <AccessButton
                route="POST /monitoring/alerts/:id/acknowledge"
                size="small"
                icon={<EyeOutlined />}
                disabled={busy}
                onClick={() => onAcknowledge(alert)}
              >
                Acknowledge
              </AccessButton>
            ) : null}
            {canResolve ? (
              <AccessButton
                route="POST /monitoring/alerts/:id/resolve"
                size="small"
                icon={<CheckCircleOutlined />}
                disabled={busy}
                onClick={() => onResolve(alert)}
              >
                Resolve
              </AccessButton>
            ) : null}
          </Space>
        </Flex>
        <Typography.Paragraph style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {localizeTimes(alert.description)}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          <time dateTime={alert.created_at}>{formatMoment(alert.created_at)}</time>
        </Typography.Text>
        {alert.ai_analysis ? (
          <div
            role="note"
            aria-label="AI Analysis"
            style={{
              background: token.colorInfoBg,
              border: `1px solid ${token.colorInfoBorder}`,
              borderRadius: token.borderRadius,
              padding: `${token.paddingXS}px ${token.paddingSM}px`,
            }}
          >
            <Typography.Text strong>
              <RobotOutlined /> AI Analysis
            </Typography.Text>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {localizeTimes(alert.ai_analysis)}
            </Typography.Paragraph>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
