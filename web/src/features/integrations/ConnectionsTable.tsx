import type { IntegrationConnection } from '@sixa/contracts/browser';
import { ApiOutlined, DisconnectOutlined, SettingOutlined, SyncOutlined } from '@ant-design/icons';
import { Empty, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef } from 'react';
import { formatDateTime } from '../../shared/formatDate';
import { RowActions, ROW_ACTIONS_COMPACT_WIDTH, rowActionsTitle, type RowAction } from '../../shared/RowActions';
import { useContainerWidth } from '../../shared/useContainerWidth';
import { CONNECTION_STATUS } from './integrationLabels';

interface ConnectionsTableProps {
  connections: readonly IntegrationConnection[];
  loading: boolean;
  failed: boolean;
  /** The connection whose action is under way (its button shows it). */
  busyId: string | undefined;
  /** Platforms that already have a connected connection (Reconnect is not offered for those). */
  connectedPlatformIds: ReadonlySet<string>;
  onSync: (connection: IntegrationConnection) => void;
  onConfigure: (connection: IntegrationConnection) => void;
  onDisconnect: (connection: IntegrationConnection) => void;
  onReconnect: (connection: IntegrationConnection) => void;
  /** Why the signed-in user may not change `connection` (only who made it, or an admin, may); null: they may. */
  changeRefusal: (connection: IntegrationConnection) => string | null;
}

/** Below this width the actions fold into one menu. */
const COMPACT_BELOW = 760;
const ACTIONS_WIDTH = 330;

/**
 * Spec: Platform, Status, Sync Stats (total, success, failed), Last Sync (or 'Never'), and Sync Now,
 * Configure, Disconnect. A connection that expired or failed says why and offers Reconnect.
 */
export function ConnectionsTable({
  connections,
  loading,
  failed,
  busyId,
  connectedPlatformIds,
  onSync,
  onConfigure,
  onDisconnect,
  onReconnect,
  changeRefusal,
}: ConnectionsTableProps) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(ref);
  const compact = width !== undefined && width < COMPACT_BELOW;

  const columns = useMemo<TableColumnsType<IntegrationConnection>>(
    () => [
      {
        key: 'platform',
        title: 'Platform',
        render: (_, connection) => (
          <Flex vertical>
            <Typography.Text strong>{connection.connection_name}</Typography.Text>
            <Typography.Text type="secondary">{connection.platform_name}</Typography.Text>
            {connection.user_name ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Connected by {connection.user_name}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
      },
      {
        key: 'status',
        title: 'Status',
        render: (_, connection) => {
          const shown = CONNECTION_STATUS[connection.status] ?? { label: connection.status, color: 'default' };
          return (
            <Flex vertical gap={4} align="flex-start">
              <Tag color={shown.color} style={{ marginInlineEnd: 0 }}>
                {shown.label}
              </Tag>
              {connection.status_detail && (connection.status === 'error' || connection.status === 'expired') ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {connection.status_detail}
                </Typography.Text>
              ) : null}
            </Flex>
          );
        },
      },
      {
        key: 'stats',
        title: 'Sync Stats',
        render: (_, connection) => (
          <Flex vertical style={{ fontSize: 12 }}>
            <span>Total: {connection.total_syncs}</span>
            <Typography.Text type="success" style={{ fontSize: 12 }}>
              Success: {connection.successful_syncs}
            </Typography.Text>
            <Typography.Text type={connection.failed_syncs ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              Failed: {connection.failed_syncs}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'last_sync',
        title: 'Last Sync',
        render: (_, connection) => (
          <Flex vertical>
            <span>{formatDateTime(connection.last_sync_at, 'Never')}</span>
            {connection.status === 'connected' && connection.next_sync_at ? (
              <Tooltip title="The next scheduled sync">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Next: {formatDateTime(connection.next_sync_at)}
                </Typography.Text>
              </Tooltip>
            ) : null}
          </Flex>
        ),
      },
      {
        key: 'actions',
        title: rowActionsTitle(compact),
        width: compact ? ROW_ACTIONS_COMPACT_WIDTH : ACTIONS_WIDTH,
        render: (_, connection) => {
          const connected = connection.status === 'connected';
          const busy = busyId === connection.id;
          // Someone else's connection reads only: its changes say who may make them.
          const notYours = changeRefusal(connection);
          const yoursOnly = notYours ? { disabled: true, loading: false, tooltip: notYours } : {};
          const actions: RowAction[] = [
            {
              key: 'sync',
              label: 'Sync Now',
              icon: <SyncOutlined />,
              primary: connected,
              disabled: !connected || busy,
              tooltip: connected ? 'Bring contacts in now' : 'Only a connected connection can sync',
              onClick: () => onSync(connection),
              route: 'POST /integrations/sync-jobs',
              ...yoursOnly,
            },
            {
              key: 'configure',
              label: 'Configure',
              icon: <SettingOutlined />,
              onClick: () => onConfigure(connection),
              route: 'PUT /integrations/connections/:id',
              ...yoursOnly,
            },
          ];
          if (connection.status !== 'connected' && !connectedPlatformIds.has(connection.platform_id)) {
            // A new connection of the same platform, the caller's own.
            actions.push({
              key: 'reconnect',
              label: 'Reconnect',
              icon: <ApiOutlined />,
              primary: connection.status === 'expired' || connection.status === 'error',
              onClick: () => onReconnect(connection),
              route:
                connection.credential.kind === 'api_key'
                  ? 'POST /integrations/api-key-connection'
                  : 'POST /integrations/oauth/initiate',
            });
          }
          if (connection.status !== 'disconnected') {
            actions.push({
              key: 'disconnect',
              label: 'Disconnect',
              icon: <DisconnectOutlined />,
              danger: true,
              loading: busy,
              onClick: () => onDisconnect(connection),
              route: 'DELETE /integrations/connections/:id',
              ...yoursOnly,
            });
          }
          return <RowActions actions={actions} subject={connection.connection_name} compact={compact} />;
        },
      },
    ],
    [busyId, changeRefusal, compact, connectedPlatformIds, onConfigure, onDisconnect, onReconnect, onSync],
  );

  return (
    <div ref={ref}>
      <Table<IntegrationConnection>
        rowKey="id"
        columns={columns}
        dataSource={connections as IntegrationConnection[]}
        loading={loading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                failed ? (
                  'Your connections could not be loaded'
                ) : (
                  <Flex vertical>
                    <Typography.Text strong>No connections yet</Typography.Text>
                    <Typography.Text type="secondary">Connect to your first platform to get started</Typography.Text>
                  </Flex>
                )
              }
            />
          ),
        }}
      />
    </div>
  );
}
