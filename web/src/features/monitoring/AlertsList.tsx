import type { Alert } from '@sixa/contracts';
import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { AlertItem } from './AlertItem';
import { useAlertActions } from './useAlertActions';

interface AlertsListProps {
  alerts: Alert[];
  refreshing: boolean;
  onRefresh: () => void;
}

/** The Alerts tab: the newest alerts (at most 10), each with its actions. */
export function AlertsList({ alerts, refreshing, onRefresh }: AlertsListProps) {
  const { acknowledge, resolve, busyId } = useAlertActions();
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          System Alerts
        </Typography.Title>
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          Refresh Alerts
        </Button>
      </Flex>
      {alerts.length === 0 ? (
        <Result
          status="success"
          icon={<SafetyCertificateOutlined />}
          title="All Clear!"
          subTitle="No active alerts. Your system is running smoothly."
        />
      ) : (
        <Flex vertical gap="small" role="list" aria-label="System alerts">
          {alerts.map((alert) => (
            <div role="listitem" key={alert.id}>
              <AlertItem
                alert={alert}
                busy={busyId === alert.id}
                onAcknowledge={(item) => void acknowledge(item)}
                onResolve={(item) => void resolve(item)}
              />
            </div>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
