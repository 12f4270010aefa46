import type { Alert } from '@sixa/contracts/browser';
import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { AlertItem } from './AlertItem';
import { useAlertActions } from './useAlertActions';

interface AlertsListProps {
  /** The open alerts, newest first (at most 10). */
  alerts: Alert[];
  /** How many alerts are open in all (the tab's and the card's figure). */
  openCount: number;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The Alerts tab: the newest open alerts (at most 10), each with its actions; resolved ones leave the list. */
export function AlertsList({ alerts, openCount, refreshing, onRefresh }: AlertsListProps) {
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
        <Flex vertical gap="small" role="list" aria-label="Open alerts">
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
      {openCount > alerts.length && alerts.length > 0 ? (
        <Typography.Text type="secondary">
          {`Showing the ${alerts.length} newest of ${openCount} open alerts.`}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
