import { PlusOutlined } from '@ant-design/icons';
import type { NotificationFrequency } from '@sixa/contracts/browser';
import { Button, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { RowActions } from '../../shared/RowActions';
import { activeTagColor, roleTagColor } from '../../theme/tokens';
import { useFeedback } from '../../theme/Feedback';
import { AddSettingsUserModal } from './AddSettingsUserModal';
import {
  FREQUENCY_OPTIONS,
  PASSWORD_RESET_CONFIRMATION,
  ROLE_LABELS,
  USER_DELETE_CONFIRMATION,
} from './settingsLabels';
import {
  SETTINGS_ERRORS,
  useDeleteSettingsUserMutation,
  useGetSettingsUsersQuery,
  useSendPasswordResetMutation,
  useSetUserNotificationFrequencyMutation,
  type SettingsUser,
} from './settingsApi';

const NO_USERS: SettingsUser[] = [];

/** User Management: the settings users with their role badges; admins have no Delete button (spec). */
export function UserManagementTab() {
  const { data: users = NO_USERS, isLoading, error, refetch } = useGetSettingsUsersQuery();
  const [deleteUser] = useDeleteSettingsUserMutation();
  const [sendPasswordReset] = useSendPasswordResetMutation();
  const [setFrequency] = useSetUserNotificationFrequencyMutation();
  const [adding, setAdding] = useState(false);
  const { modal, message } = useFeedback();

  const confirmDelete = useCallback(
    (user: SettingsUser) => {
      modal.confirm({
        title: USER_DELETE_CONFIRMATION,
        content: `${user.full_name || user.username || user.email} (${user.email})`,
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteUser(user.id).unwrap();
            message.success(`${user.full_name || user.username || user.email} was deleted`);
          } catch {
            // 'Error deleting user. Please try again.' (or the server's reason) by the API error listener
          }
        },
      });
    },
    [deleteUser, modal, message],
  );

  // The spec's confirmation, then a real e-mail: a single-use link to choose a new password.
  const confirmReset = useCallback(
    (user: SettingsUser) => {
      modal.confirm({
        title: PASSWORD_RESET_CONFIRMATION,
        content: `A link to choose a new password goes to ${user.email}. It works once, for a limited time, and signs them out everywhere else when used.`,
        okText: 'Send',
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            const sent = await sendPasswordReset(user.id).unwrap();
            message.success(sent.detail);
          } catch {
            // The server's reason (or the fallback) is shown by the API error listener.
          }
        },
      });
    },
    [modal, message, sendPasswordReset],
  );

  const changeFrequency = useCallback(
    async (user: SettingsUser, notification_frequency: NotificationFrequency) => {
      try {
        await setFrequency({ id: user.id, notification_frequency }).unwrap();
        const label = FREQUENCY_OPTIONS.find((o) => o.value === notification_frequency)?.label;
        message.success(`${user.full_name || user.email} gets notification e-mails: ${label}`);
      } catch {
        // The server's reason (or the fallback) is shown by the API error listener.
      }
    },
    [setFrequency, message],
  );

  const columns = useMemo<TableColumnsType<SettingsUser>>(
    () => [
      {
        title: 'User',
        key: 'user',
        render: (_, user) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: user.full_name }}>
              {user.full_name || user.username || user.email}
            </Typography.Text>
            {user.username ? (
              <Typography.Text type="secondary" ellipsis>
                @{user.username}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
      },
      { title: 'Email', dataIndex: 'email', key: 'email', ellipsis: true },
      {
        title: 'Role',
        dataIndex: 'role',
        key: 'role',
        width: 110,
        render: (_, user) => <Tag color={roleTagColor[user.role]}>{ROLE_LABELS[user.role] ?? user.role}</Tag>,
      },
      {
        title: 'Department',
        dataIndex: 'department',
        key: 'department',
        render: (value: string | null) => value || '—',
      },
      {
        title: 'Timezone / Language',
        key: 'locale',
        render: (_, user) => `${user.timezone} · ${user.language}`,
      },
      {
        title: 'Notifications',
        key: 'notifications',
        width: 170,
        render: (_, user) => (
          <Select<NotificationFrequency>
            size="small"
            style={{ width: 150 }}
            aria-label={`Notification e-mails of ${user.full_name || user.email}`}
            value={user.notification_frequency}
            options={FREQUENCY_OPTIONS}
            onChange={(value) => void changeFrequency(user, value)}
          />
        ),
      },
      {
        title: 'Last Login',
        dataIndex: 'last_login',
        key: 'last_login',
        render: (_, user) => formatDateTime(user.last_login, 'Never'),
      },
      {
        title: 'Status',
        key: 'status',
        width: 90,
        render: (_, user) =>
          user.is_active ? (
            <Tag color={activeTagColor.active}>Active</Tag>
          ) : (
            <Tag color={activeTagColor.inactive}>Inactive</Tag>
          ),
      },
      {
        title: 'Actions',
        key: 'actions',
        width: 210,
        render: (_, user) => (
          <RowActions
            compact={false}
            subject={user.full_name || user.username || user.email}
            actions={[
              { key: 'reset', label: 'Reset Password', onClick: () => confirmReset(user) },
              // Spec: admin users have no Delete button (the server refuses it too).
              ...(user.role === 'admin'
                ? []
                : [{ key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDelete(user) }]),
            ]}
          />
        ),
      },
    ],
    [confirmDelete, confirmReset, changeFrequency],
  );

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">People who sign in to the workspace, with their profile.</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add New User
        </Button>
      </Flex>
      <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.users} onRetry={() => void refetch()} />
      <Table<SettingsUser>
        rowKey="id"
        columns={columns}
        dataSource={users}
        loading={isLoading}
        locale={{ emptyText: error ? 'Users could not be loaded' : 'No users yet' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1130 }}
      />
      <AddSettingsUserModal open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
}
