import { taskAction, type Task } from '@sixa/contracts/browser';
import { CalendarOutlined, DeleteOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useId } from 'react';
import { AccessButton } from '../../shared/access';
import { formatDate, formatDateTime } from '../../shared/formatDate';
import { isOverdue, PRIORITY_LABELS, priorityTagColor, STATUS_LABELS, statusTagColor } from './taskLabels';

interface TaskCardProps {
  task: Task;
  /** The creator or an admin: Edit and Delete. */
  canManage: boolean;
  /** This card's status change is on its way. */
  moving: boolean;
  onMove: (task: Task, to: Task['status']) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** The task a link named: outlined, and where the page scrolls to. */
  focused?: boolean;
}

/** The element id of a task's card (a link's `?focus=` scrolls to it). */
export const taskCardId = (id: string) => `task-card-${id}`;

/** One task: what, who, by when, its status and the one step it can take next ('Start', 'Complete'). */
export function TaskCard({ task, canManage, moving, onMove, onEdit, onDelete, focused = false }: TaskCardProps) {
  const { token } = theme.useToken();
  const action = taskAction(task.status);
  const overdue = isOverdue(task);
  const titleId = useId();

  return (
    <Card
      role="article"
      id={taskCardId(task.id)}
      aria-labelledby={titleId}
      aria-current={focused ? 'true' : undefined}
      size="small"
      style={{
        height: '100%',
        ...(focused ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 2px ${token.colorPrimaryBorder}` } : null),
      }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginSM } }}
    >
      <Flex justify="space-between" align="flex-start" gap="small">
        <Typography.Title id={titleId} level={5} style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          {task.title}
        </Typography.Title>
        <Tag color={priorityTagColor[task.priority]} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
          {PRIORITY_LABELS[task.priority]}
        </Tag>
      </Flex>
      {task.description ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: task.description }} style={{ margin: 0 }}>
          {task.description}
        </Typography.Paragraph>
      ) : null}
      <Flex wrap gap="small" align="center">
        <Tag color={statusTagColor[task.status]} style={{ marginInlineEnd: 0 }}>
          {STATUS_LABELS[task.status]}
        </Tag>
        {overdue ? (
          <Tag color="error" style={{ marginInlineEnd: 0 }}>
            Overdue
          </Tag>
        ) : null}
      </Flex>
      <Flex vertical gap={token.marginXXS}>
        <Typography.Text type="secondary" ellipsis={{ tooltip: task.assigned_to || undefined }}>
          <UserOutlined aria-hidden /> {task.assigned_to || 'Unassigned'}
        </Typography.Text>
        <Tooltip title={task.due_date ? formatDateTime(task.due_date) : undefined}>
          <Typography.Text type={overdue ? 'danger' : 'secondary'}>
            <CalendarOutlined aria-hidden /> {task.due_date ? `Due ${formatDate(task.due_date)}` : 'No due date'}
          </Typography.Text>
        </Tooltip>
      </Flex>
      {task.tags.length ? (
        <Flex wrap gap={token.marginXXS} aria-label="Tags">
          {task.tags.map((tag) => (
            <Tag key={tag} variant="filled" style={{ marginInlineEnd: 0 }}>
              {tag}
            </Tag>
          ))}
        </Flex>
      ) : null}
      <Flex justify="space-between" align="center" gap="small" style={{ marginTop: 'auto' }}>
        {action ? (
          <AccessButton
            route="PUT /tasks/:id"
            type="primary"
            size="small"
            loading={moving}
            onClick={() => onMove(task, action.to)}
          >
            {action.label}
          </AccessButton>
        ) : (
          <span />
        )}
        {canManage ? (
          <Flex gap={token.marginXXS}>
            <AccessButton
              route="PUT /tasks/:id"
              tooltip="Edit"
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${task.title}`}
              onClick={() => onEdit(task)}
            />
            <AccessButton
              route="DELETE /tasks/:id"
              tooltip="Delete"
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${task.title}`}
              onClick={() => onDelete(task)}
            />
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
