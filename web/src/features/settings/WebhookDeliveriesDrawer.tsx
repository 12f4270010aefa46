import type { Webhook, WebhookDeliveryAttempt, WebhookDeliveryStatus } from '@sixa/contracts/browser';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { SETTINGS_ERRORS, useGetWebhookDeliveriesQuery } from './settingsApi';

export const DELIVERY_STATUS_COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'default',
  succeeded: 'success',
  retrying: 'warning',
  failed: 'error',
};

export const DELIVERY_STATUS_LABEL: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  retrying: 'Retrying',
  failed: 'Failed',
};

const COLUMNS: TableColumnsType<WebhookDeliveryAttempt> = [
  {
    title: 'Event',
    dataIndex: 'event',
    key: 'event',
    render: (event: string) => <Typography.Text code>{event}</Typography.Text>,
  },
  { title: 'Attempt', dataIndex: 'attempt', key: 'attempt', width: 80 },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    width: 110,
    render: (status: WebhookDeliveryStatus) => (
      <Tag color={DELIVERY_STATUS_COLOR[status]}>{DELIVERY_STATUS_LABEL[status] ?? status}</Tag>
    ),
  },
  {
    title: 'Code',
    dataIndex: 'status_code',
    key: 'status_code',
    width: 70,
    render: (code: number | null) => code ?? '—',
  },
  {
    title: 'Duration',
    dataIndex: 'duration_ms',
    key: 'duration_ms',
    width: 90,
    render: (ms: number | null) => (ms === null ? '—' : `${ms} ms`),
  },
  {
    title: 'Error',
    dataIndex: 'error',
    key: 'error',
    ellipsis: { showTitle: true },
    render: (error: string | null) => error ?? '—',
  },
  { title: 'Time', dataIndex: 'created_at', key: 'created_at', width: 170, render: (at: string) => formatDateTime(at) },
];

/** A webhook's delivery log, newest first: every attempt of every event sent to it. */
export function WebhookDeliveriesDrawer({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { data, isLoading, isFetching, error, refetch } = useGetWebhookDeliveriesQuery(webhook?.id ?? '', {
    skip: !webhook,
    refetchOnMountOrArgChange: true,
  });
  return (
    <Drawer
      open={webhook !== null}
      onClose={onClose}
      title={webhook ? `Delivery log: ${webhook.name}` : 'Delivery log'}
      size="min(960px, 100vw)"
      extra={
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          Refresh
        </Button>
      }
    >
      <Flex vertical gap="middle">
        {webhook ? (
          <Typography.Text type="secondary">
            {webhook.success_count} delivered, {webhook.failure_count} failed · {webhook.url}
          </Typography.Text>
        ) : null}
        <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.deliveries} onRetry={() => void refetch()} />
        <Table<WebhookDeliveryAttempt>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={data ?? []}
          loading={isLoading}
          locale={{ emptyText: error ? 'The delivery log could not be loaded' : 'No deliveries yet' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 800 }}
        />
      </Flex>
    </Drawer>
  );
}
