import type { User } from '@sixa/contracts';
import { Button, Flex, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { formatDate, formatDateTime } from '../../shared/formatDate';
import { UserAvatar } from '../../shared/UserAvatar';
import { activeTagColor, roleTagColor } from '../../theme/tokens';
import { ROLE_LABELS } from './userLabels';

interface UsersTableProps {
  users: readonly User[];
  loading: boolean;
  currentUserId: string | undefined;
  togglingId: string | undefined;
  emptyText: string;
  onToggleStatus: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({
  users,
  loading,
  currentUserId,
  togglingId,
  emptyText,
  onToggleStatus,
  onEdit,
  onDelete,
}: UsersTableProps) {
  const columns = useMemo<TableColumnsType<User>>(
    () => [
      {
        title: 'Name',
        key: 'name',
        render: (_, user) => (
          <Flex align="center" gap="small">
            <UserAvatar name={user.name} src={user.avatar} />
            <Typography.Text strong>{user.name}</Typography.Text>
            {user.id === currentUserId ? <Tag>You</Tag> : null}
          </Flex>
        ),
      },
      // No sorters on Name/Email: antd labels sortable headers with their title, which would
      // collide with the form fields' labels ('Name', 'Email') for label-based queries.
      { title: 'Email', dataIndex: 'email', key: 'email' },
      {
        title: 'Role',
        dataIndex: 'role',
        key: 'role',
        render: (_, user) => <Tag color={roleTagColor[user.role]}>{ROLE_LABELS[user.role]}</Tag>,
      },
      {
        title: 'Status',
        dataIndex: 'is_active',
        key: 'status',
        render: (_, user) =>
          user.is_active ? (
            <Tag color={activeTagColor.active}>Active</Tag>
          ) : (
            <Tag color={activeTagColor.inactive}>Inactive</Tag>
          ),
      },
      {
        title: 'Created',
        dataIndex: 'created_at',
        key: 'created_at',
        sorter: (a, b) => a.created_at.localeCompare(b.created_at),
        render: (_, user) => formatDate(user.created_at),
      },
      {
        title: 'Last Login',
        dataIndex: 'last_login',
        key: 'last_login',
        render: (_, user) => formatDateTime(user.last_login, 'Never'),
      },
      {
        title: 'Actions',
        key: 'actions',
        render: (_, user) => {
          const isSelf = user.id === currentUserId;
          return (
            <Space size="small" wrap>
              <Tooltip title={isSelf ? 'You cannot deactivate your own account' : undefined}>
                <Button
                  size="small"
                  disabled={isSelf}
                  loading={togglingId === user.id}
                  onClick={() => onToggleStatus(user)}
                >
                  {user.is_active ? 'Deactivate' : 'Activate'}
                </Button>
              </Tooltip>
              <Button size="small" onClick={() => onEdit(user)}>
                Edit
              </Button>
              <Tooltip title={isSelf ? 'You cannot delete your own account' : undefined}>
                <Button size="small" danger disabled={isSelf} onClick={() => onDelete(user)}>
                  Delete
                </Button>
              </Tooltip>
            </Space>
          );
        },
      },
    ],
    [currentUserId, togglingId, onToggleStatus, onEdit, onDelete],
  );

  return (
    <Table<User>
      rowKey="id"
      columns={columns}
      dataSource={users as User[]}
      loading={loading}
      locale={{ emptyText }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
    />
  );
}
