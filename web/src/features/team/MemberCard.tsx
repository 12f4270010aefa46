import type { TeamMember } from '@sixa/contracts/browser';
import { DeleteOutlined, EditOutlined, MailOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Flex, Progress, Tag, Tooltip, Typography, theme } from 'antd';
import { useId } from 'react';
import { formatDateTime } from '../../shared/formatDate';
import { MemberAvatar } from './MemberAvatar';
import { completionPercent } from './teamLabels';

interface MemberCardProps {
  member: TeamMember;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

/** One member: who, where, whether online now, and how their tasks are going. */
export function MemberCard({ member, onEdit, onRemove }: MemberCardProps) {
  const { token } = theme.useToken();
  const nameId = useId();
  const percent = completionPercent(member.tasks_assigned, member.tasks_completed);
  const presence = member.is_online
    ? 'Online'
    : member.last_seen_at
      ? `Last seen ${formatDateTime(member.last_seen_at)}`
      : 'Not seen yet';

  return (
    <Card
      role="article"
      aria-labelledby={nameId}
      size="small"
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginSM } }}
    >
      <Flex gap="middle" align="center" style={{ minWidth: 0 }}>
        <Badge
          dot
          status={member.is_online ? 'success' : 'default'}
          offset={[-4, 40]}
          styles={{ indicator: { width: 10, height: 10, boxShadow: `0 0 0 2px ${token.colorBgContainer}` } }}
        >
          <MemberAvatar name={member.name} src={member.avatar_url} />
        </Badge>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title id={nameId} level={5} style={{ margin: 0 }} ellipsis={{ tooltip: member.name }}>
            {member.name}
          </Typography.Title>
          <Typography.Text type="secondary" ellipsis={{ tooltip: member.role }}>
            {member.role}
          </Typography.Text>
        </Flex>
      </Flex>
      <Flex wrap gap="small" align="center">
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {member.department}
        </Tag>
        <Tooltip title={member.is_online ? undefined : presence}>
          <Badge status={member.is_online ? 'success' : 'default'} text={member.is_online ? 'Online' : 'Offline'} />
        </Tooltip>
      </Flex>
      <Typography.Link href={`mailto:${member.email}`} ellipsis style={{ minWidth: 0 }}>
        <MailOutlined aria-hidden /> {member.email}
      </Typography.Link>
      <Flex vertical gap={token.marginXXS}>
        <Flex justify="space-between" gap="small" wrap>
          <Typography.Text type="secondary">
            {member.tasks_assigned} assigned · {member.tasks_completed} completed
          </Typography.Text>
          <Typography.Text strong>{percent}%</Typography.Text>
        </Flex>
        <Progress
          percent={percent}
          showInfo={false}
          size="small"
          aria-label={`${member.name}: ${percent}% of assigned tasks completed`}
        />
      </Flex>
      <Flex justify="flex-end" gap={token.marginXXS} style={{ marginTop: 'auto' }}>
        <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${member.name}`} onClick={() => onEdit(member)}>
          Edit
        </Button>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove ${member.name}`}
          onClick={() => onRemove(member)}
        >
          Remove
        </Button>
      </Flex>
    </Card>
  );
}
