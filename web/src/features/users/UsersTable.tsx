import type { User } from '@sixa/contracts/browser';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef } from 'react';
import { formatDate, formatDateTime } from '../../shared/formatDate';
import { RowActions, ROW_ACTIONS_COMPACT_WIDTH, rowActionsTitle } from '../../shared/RowActions';
import { useContainerWidth, widthLevel } from '../../shared/useContainerWidth';
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

/** Room for 'Deactivate', 'Edit' and 'Delete' side by side (small buttons, cell padding). */
const ACTIONS_WIDTH = 232;

/**
 * Which columns the table's own width affords (px), keeping the user column at 200 px or more: the
 * creation date goes first, then the last login, then the role; below that the actions fold into
 * one menu. The table's width, not the window's, decides: the sidebar open or collapsed changes it.
 */
const LEVELS = [
  ['all', 920],
  ['noCreated', 800],
  ['noLogin', 620],
  ['inline', 520],
  ['compact', 0],
] as const;
type Level = (typeof LEVELS)[number][0];
const ORDER: Level[] = LEVELS.map(([level]) => level);
const shownUpTo = (level: Level, last: Level) => ORDER.indexOf(level) <= ORDER.indexOf(last);

/**
 * Fits its container at every width, with no sideways scrolling: a fixed layout where the user
 * column (name and e-mail, cut with an ellipsis) takes what the others leave.
 */
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
  const container = useRef<HTMLDivElement>(null);
  const level = widthLevel(useContainerWidth(container), LEVELS);
  const compact = level === 'compact';

  const columns = useMemo<TableColumnsType<User>>(() => {
    const all: TableColumnsType<User> = [
      {
        // No sorters on Name/Email: antd labels sortable headers with their title, which would
        // collide with the form fields' labels ('Name', 'Email') for label-based queries.
        title: 'User',
        key: 'name',
        render: (_, user) => (
          <Flex align="center" gap="small" style={{ minWidth: 0 }}>
            <UserAvatar name={user.name} src={user.avatar} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Flex align="center" gap="small" style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis={{ tooltip: user.name }}>
                  {user.name}
                </Typography.Text>
                {user.id === currentUserId ? <Tag style={{ marginInlineEnd: 0 }}>You</Tag> : null}
              </Flex>
              <Typography.Text type="secondary" ellipsis={{ tooltip: user.email }}>
                {user.email}
              </Typography.Text>
            </Flex>
          </Flex>
        ),
      },
      {
        title: 'Role',
        dataIndex: 'role',
        key: 'role',
        width: 100,
        hidden: !shownUpTo(level, 'inline'),
        render: (_, user) => <Tag color={roleTagColor[user.role]}>{ROLE_LABELS[user.role]}</Tag>,
      },
      {
        title: 'Status',
        dataIndex: 'is_active',
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
        title: 'Created',
        dataIndex: 'created_at',
        key: 'created_at',
        width: 120,
        hidden: !shownUpTo(level, 'all'),
        sorter: (a, b) => a.created_at.localeCompare(b.created_at),
        render: (_, user) => formatDate(user.created_at),
      },
      {
        title: 'Last Login',
        dataIndex: 'last_login',
        key: 'last_login',
        width: 180,
        hidden: !shownUpTo(level, 'noCreated'),
        render: (_, user) => formatDateTime(user.last_login, 'Never'),
      },
      {
        title: rowActionsTitle(compact),
        key: 'actions',
        width: compact ? ROW_ACTIONS_COMPACT_WIDTH : ACTIONS_WIDTH,
        render: (_, user) => {
          const isSelf = user.id === currentUserId;
          return (
            <RowActions
              compact={compact}
              subject={user.name}
              actions={[
                {
                  key: 'toggle',
                  label: user.is_active ? 'Deactivate' : 'Activate',
                  disabled: isSelf,
                  tooltip: isSelf ? 'You cannot deactivate your own account' : undefined,
                  loading: togglingId === user.id,
                  onClick: () => onToggleStatus(user),
                },
                { key: 'edit', label: 'Edit', onClick: () => onEdit(user) },
                {
                  key: 'delete',
                  label: 'Delete',
                  danger: true,
                  disabled: isSelf,
                  tooltip: isSelf ? 'You cannot delete your own account' : undefined,
                  onClick: () => onDelete(user),
                },
              ]}
            />
          );
        },
      },
    ];
    return all;
  }, [level, compact, currentUserId, togglingId, onToggleStatus, onEdit, onDelete]);

  return (
    <div ref={container}>
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={users as User[]}
        loading={loading}
        locale={{ emptyText }}
        tableLayout="fixed"
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </div>
  );
}
