import type { CreatedWebhook, RateLimit, Webhook, WebhookDeliveryAttempt } from '@sixa/contracts/browser';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { Panel } from '../../shared/Panel';
import { useFormDialog } from '../../shared/useFormDialog';
import { RowActions } from '../../shared/RowActions';
import { useFeedback } from '../../theme/Feedback';
import { RateLimitModal } from './RateLimitModal';
import {
  SETTINGS_ERRORS,
  useDeleteRateLimitMutation,
  useDeleteWebhookMutation,
  useGetRateLimitsQuery,
  useGetWebhooksQuery,
  useSetWebhookActiveMutation,
  useTestWebhookMutation,
} from './settingsApi';
import { DELIVERY_STATUS_COLOR, DELIVERY_STATUS_LABEL, WebhookDeliveriesDrawer } from './WebhookDeliveriesDrawer';
import { WebhookFormModal } from './WebhookFormModal';
import { WebhookSecretModal } from './WebhookSecretModal';

const NO_WEBHOOKS: Webhook[] = [];
const NO_LIMITS: RateLimit[] = [];

/** The outcome of a test delivery. */
function TestResultModal({
  result,
  onClose,
}: {
  result: { webhook: Webhook; attempt: WebhookDeliveryAttempt } | null;
  onClose: () => void;
}) {
  const attempt = result?.attempt;
  return (
    <Modal
      open={result !== null}
      title={result ? `Test delivery to ${result.webhook.name}` : 'Test delivery'}
      onCancel={onClose}
      onOk={onClose}
      okText="Done"
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {attempt ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Outcome">
            <Tag color={DELIVERY_STATUS_COLOR[attempt.status]}>
              {DELIVERY_STATUS_LABEL[attempt.status] ?? attempt.status}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Status code">{attempt.status_code ?? 'No answer'}</Descriptions.Item>
          <Descriptions.Item label="Duration">
            {attempt.duration_ms === null ? '—' : `${attempt.duration_ms} ms`}
          </Descriptions.Item>
          <Descriptions.Item label="Error">{attempt.error ?? 'None'}</Descriptions.Item>
          <Descriptions.Item label="Event">{attempt.event}</Descriptions.Item>
          <Descriptions.Item label="Message id">{attempt.message_id}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}

function WebhooksSection() {
  const { data: webhooks = NO_WEBHOOKS, isLoading, error, refetch } = useGetWebhooksQuery();
  const [setActive, activeState] = useSetWebhookActiveMutation();
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [testWebhook, testState] = useTestWebhookMutation();
  const { modal, message } = useFeedback();
  const form = useFormDialog<Webhook | null>(null);
  const [secretOf, setSecretOf] = useState<CreatedWebhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [tested, setTested] = useState<{ webhook: Webhook; attempt: WebhookDeliveryAttempt } | null>(null);

  const openForm = form.show;

  const test = useCallback(
    async (webhook: Webhook) => {
      try {
        const attempt = await testWebhook(webhook.id).unwrap();
        setTested({ webhook, attempt });
      } catch {
        // shown by the API error listener
      }
    },
    [testWebhook],
  );

  const confirmDelete = useCallback(
    (webhook: Webhook) =>
      modal.confirm({
        title: `Delete the webhook "${webhook.name}"?`,
        content: 'It receives no more deliveries. Its delivery log goes with it.',
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteWebhook(webhook.id).unwrap();
            message.success(`Webhook "${webhook.name}" deleted`);
          } catch {
            // shown by the API error listener
          }
        },
      }),
    [deleteWebhook, modal, message],
  );

  const togglingId = activeState.isLoading ? activeState.originalArgs?.id : undefined;
  const testingId = testState.isLoading ? testState.originalArgs : undefined;

  const columns = useMemo<TableColumnsType<Webhook>>(
    () => [
      {
        title: 'Webhook',
        key: 'name',
        render: (_, hook) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong>{hook.name}</Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: hook.url }}>
              {hook.url}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Events',
        key: 'events',
        render: (_, hook) =>
          hook.events.length ? (
            <Flex gap={4} wrap>
              {hook.events.map((event) => (
                <Tag key={event}>{event}</Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">None</Typography.Text>
          ),
      },
      {
        title: 'Status',
        key: 'status',
        width: 150,
        render: (_, hook) => (
          <Space>
            <Switch
              size="small"
              checked={hook.is_active}
              loading={togglingId === hook.id}
              aria-label={`${hook.name} active`}
              onChange={(checked) => void setActive({ id: hook.id, is_active: checked })}
            />
            <Tag color={hook.is_active ? 'success' : 'default'}>{hook.is_active ? 'Active' : 'Inactive'}</Tag>
          </Space>
        ),
      },
      {
        title: 'Deliveries',
        key: 'counts',
        width: 130,
        render: (_, hook) => (
          <Typography.Text>
            <Typography.Text type="success">{hook.success_count} ok</Typography.Text> ·{' '}
            <Typography.Text type={hook.failure_count ? 'danger' : 'secondary'}>
              {hook.failure_count} failed
            </Typography.Text>
          </Typography.Text>
        ),
      },
      {
        title: 'Retries',
        key: 'retries',
        width: 150,
        render: (_, hook) =>
          `${hook.retry_attempts} × ${hook.retry_delay_seconds} s, timeout ${hook.timeout_seconds} s`,
      },
      {
        title: 'Actions',
        key: 'actions',
        width: 290,
        render: (_, hook) => (
          <RowActions
            compact={false}
            subject={hook.name}
            actions={[
              { key: 'test', label: 'Test', loading: testingId === hook.id, onClick: () => void test(hook) },
              { key: 'log', label: 'Log', onClick: () => setLogOf(hook) },
              { key: 'edit', label: 'Edit', onClick: () => openForm(hook) },
              { key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDelete(hook) },
            ]}
          />
        ),
      },
    ],
    [togglingId, testingId, setActive, test, openForm, confirmDelete],
  );

  return (
    <Panel
      title={
        <Flex justify="space-between" align="center" style={{ width: '100%' }}>
          <span>
            <ApiOutlined aria-hidden /> Webhooks
          </span>
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Add Webhook
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.webhooks} onRetry={() => void refetch()} />
        {!isLoading && !webhooks.length ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={error ? 'Webhooks could not be loaded' : 'No webhooks configured'}
          />
        ) : (
          <Table<Webhook>
            rowKey="id"
            columns={columns}
            dataSource={webhooks}
            loading={isLoading}
            pagination={false}
            scroll={{ x: 1000 }}
          />
        )}
      </Flex>
      <WebhookFormModal open={form.open} webhook={form.target} onClose={form.close} onCreated={setSecretOf} />
      <WebhookSecretModal webhook={secretOf} onClose={() => setSecretOf(null)} />
      <WebhookDeliveriesDrawer webhook={logOf} onClose={() => setLogOf(null)} />
      <TestResultModal result={tested} onClose={() => setTested(null)} />
    </Panel>
  );
}

function RateLimitsSection() {
  const { data: limits = NO_LIMITS, isLoading, error, refetch } = useGetRateLimitsQuery();
  const [deleteLimit] = useDeleteRateLimitMutation();
  const { modal, message } = useFeedback();
  const editing = useFormDialog<RateLimit | null>(null);
  const open = editing.show;
  const confirmRemove = useCallback(
    (limit: RateLimit) =>
      modal.confirm({
        title: `Remove the rate limit on ${limit.resource}?`,
        content: 'Requests to it are no longer limited.',
        okText: 'Remove',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteLimit(limit.resource).unwrap();
            message.success(`Rate limit on ${limit.resource} removed`);
          } catch {
            // shown by the API error listener
          }
        },
      }),
    [deleteLimit, modal, message],
  );

  const columns = useMemo<TableColumnsType<RateLimit>>(
    () => [
      {
        title: 'Resource',
        dataIndex: 'resource',
        key: 'resource',
        render: (r: string) => <Typography.Text code>{r}</Typography.Text>,
      },
      { title: 'Per Hour', dataIndex: 'limit_per_hour', key: 'hour', render: (n: number) => n.toLocaleString() },
      { title: 'Per Day', dataIndex: 'limit_per_day', key: 'day', render: (n: number) => n.toLocaleString() },
      {
        title: 'Changed',
        dataIndex: 'updated_at',
        key: 'updated_at',
        render: (at: string | null) => formatDateTime(at),
      },
      {
        title: 'Actions',
        key: 'actions',
        width: 170,
        render: (_, limit) => (
          <RowActions
            compact={false}
            subject={limit.resource}
            actions={[
              { key: 'edit', label: 'Edit', onClick: () => open(limit) },
              { key: 'remove', label: 'Remove', danger: true, onClick: () => confirmRemove(limit) },
            ]}
          />
        ),
      },
    ],
    [open, confirmRemove],
  );

  return (
    <Panel
      title={
        <Flex justify="space-between" align="center" style={{ width: '100%' }}>
          <span>Rate Limits</span>
          <Button size="small" icon={<PlusOutlined />} onClick={() => open(null)}>
            Add Rate Limit
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          Per user (per address for public pages); the gateway answers 429 beyond them.
        </Typography.Text>
        <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.rateLimits} onRetry={() => void refetch()} />
        <Table<RateLimit>
          rowKey="resource"
          columns={columns}
          dataSource={limits}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: error ? 'Rate limits could not be loaded' : 'No rate limits set' }}
          scroll={{ x: 640 }}
        />
      </Flex>
      <RateLimitModal open={editing.open} limit={editing.target} onClose={editing.close} />
    </Panel>
  );
}

/** Integration Settings: webhooks (signed deliveries, their log, a test) and the rate limits. */
export function IntegrationSettingsTab() {
  return (
    <Flex vertical gap="large">
      <WebhooksSection />
      <RateLimitsSection />
    </Flex>
  );
}
