import type { Activity, ActivityStatus } from '@sixa/contracts/browser';
import { CheckCircleFilled, CloseCircleFilled, HistoryOutlined, SyncOutlined } from '@ant-design/icons';
import { Flex, Skeleton, Tag, Typography, theme, type GlobalToken } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/formatDate';
import { visuallyHidden } from '../../shared/visuallyHidden';
import { isAppRoute } from '../assistant/appRoute';
import { ACTIVITY_LABELS, formatRelative } from './dashboardFormat';

interface ActivityListProps {
  activities: Activity[] | undefined;
  loading: boolean;
}

const STATUS_LOOK: Record<ActivityStatus, { tag: string; icon: (token: GlobalToken) => ReactNode }> = {
  completed: { tag: 'success', icon: (token) => <CheckCircleFilled style={{ color: token.colorSuccess }} /> },
  running: { tag: 'processing', icon: (token) => <SyncOutlined spin style={{ color: token.colorPrimary }} /> },
  failed: { tag: 'error', icon: (token) => <CloseCircleFilled style={{ color: token.colorError }} /> },
};

function ActivityItem({ activity }: { activity: Activity }) {
  const { token } = theme.useToken();
  const look = STATUS_LOOK[activity.status] ?? STATUS_LOOK.completed;
  return (
    <Flex
      gap="small"
      align="flex-start"
      role="listitem"
      style={{
        paddingBlock: token.paddingSM,
        borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`,
      }}
    >
      <span style={{ fontSize: token.fontSizeLG, lineHeight: 1, marginTop: 3 }} aria-hidden>
        {look.icon(token)}
      </span>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" gap="small" wrap>
          <Typography.Text strong style={{ minWidth: 0 }}>
            {activity.title}
          </Typography.Text>
          <Tag color={look.tag} style={{ marginInlineEnd: 0 }}>
            {ACTIVITY_LABELS[activity.status] ?? activity.status}
          </Tag>
        </Flex>
        {activity.detail ? (
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2, tooltip: activity.detail }}
            style={{ marginBottom: 0 }}
          >
            {activity.detail}
          </Typography.Paragraph>
        ) : null}
        <Flex gap="small" wrap style={{ fontSize: token.fontSizeSM }}>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            <time dateTime={activity.at} title={formatDateTime(activity.at)}>
              {formatRelative(activity.at)}
            </time>
            {' · '}
            {activity.source === 'assistant' ? 'SIXA' : 'Workflow'}
          </Typography.Text>
          {isAppRoute(activity.link) ? (
            <Link to={activity.link}>
              View<span style={visuallyHidden}>: {activity.title}</span>
            </Link>
          ) : null}
        </Flex>
      </Flex>
    </Flex>
  );
}

/** 'Recent AI Activities': what SIXA and the workflows did, newest first (GET /dashboard/activity). */
export function ActivityList({ activities, loading }: ActivityListProps) {
  const { token } = theme.useToken();
  if (!activities) {
    return loading ? (
      <Skeleton active avatar paragraph={{ rows: 3 }} />
    ) : (
      <Typography.Text type="secondary">Recent activity is not available right now.</Typography.Text>
    );
  }
  if (activities.length === 0) {
    return (
      <Flex vertical align="center" gap="small" style={{ paddingBlock: token.paddingLG, textAlign: 'center' }}>
        <HistoryOutlined style={{ fontSize: 32, color: token.colorTextQuaternary }} aria-hidden />
        <Typography.Text strong>No AI activity yet</Typography.Text>
        <Typography.Text type="secondary">
          What SIXA and your workflows do for you (tasks created, meetings scheduled, runs) appears here.
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <div role="list" aria-label="Recent AI activities">
      {activities.map((activity) => (
        <ActivityItem key={activity.id} activity={activity} />
      ))}
    </div>
  );
}
