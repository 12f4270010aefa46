import type { Insight } from '@sixa/contracts/browser';
import { BulbOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Tag, Typography, theme, type GlobalToken } from 'antd';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAppRoute } from '../assistant/appRoute';
import { PRIORITY_LABELS, priorityColor } from './dashboardFormat';

interface InsightsListProps {
  insights: Insight[] | undefined;
  loading: boolean;
}

/** Where 'Take Action' goes: the insight's route with its filters as the query string. */
export function insightTarget(action: Insight['action']): { pathname: string; search: string } | null {
  if (!isAppRoute(action.route)) return null;
  const search = new URLSearchParams(action.query ?? {}).toString();
  return { pathname: action.route, search: search ? `?${search}` : '' };
}

function priorityAccent(priority: string, token: GlobalToken): string {
  if (priority === 'high') return token.colorError;
  if (priority === 'medium') return token.colorWarning;
  return token.colorBorder;
}

function InsightItem({ insight }: { insight: Insight }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const titleId = useId();
  const target = insightTarget(insight.action);
  return (
    <article
      aria-labelledby={titleId}
      data-kind={insight.kind}
      style={{
        padding: token.paddingMD,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        borderInlineStart: `3px solid ${priorityAccent(insight.priority, token)}`,
        background: token.colorFillQuaternary,
      }}
    >
      <Flex justify="space-between" align="flex-start" gap="small" wrap>
        <Flex gap="small" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          <BulbOutlined style={{ color: token.colorWarning, fontSize: token.fontSizeLG, marginTop: 3 }} aria-hidden />
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Text strong id={titleId}>
              {insight.title}
            </Typography.Text>
            <Typography.Text type="secondary">{insight.description}</Typography.Text>
          </Flex>
        </Flex>
        <Tag color={priorityColor(insight.priority)} style={{ marginInlineEnd: 0 }}>
          {PRIORITY_LABELS[insight.priority] ?? insight.priority}
        </Tag>
      </Flex>
      <Flex justify="flex-end" style={{ marginTop: token.marginSM }}>
        <Button
          type="primary"
          size="small"
          ghost
          disabled={!target}
          title={insight.action.label}
          onClick={() => target && navigate(target)}
        >
          Take Action
        </Button>
      </Flex>
    </article>
  );
}

/** 'AI Insights & Recommendations': findings derived from the workspace's data, most urgent first. */
export function InsightsList({ insights, loading }: InsightsListProps) {
  const { token } = theme.useToken();
  if (!insights) {
    return loading ? (
      <Skeleton active paragraph={{ rows: 4 }} />
    ) : (
      <Typography.Text type="secondary">Insights are not available right now.</Typography.Text>
    );
  }
  if (insights.length === 0) {
    return (
      <Flex vertical align="center" gap="small" style={{ paddingBlock: token.paddingLG, textAlign: 'center' }}>
        <CheckCircleOutlined style={{ fontSize: 32, color: token.colorSuccess }} aria-hidden />
        <Typography.Text strong>Nothing needs your attention</Typography.Text>
        <Typography.Text type="secondary">
          No hot leads without a task, quotes about to expire, overdue tasks, failing workflows or critical alerts right
          now.
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical gap="small" role="list" aria-label="AI insights">
      {insights.map((insight) => (
        <div role="listitem" key={insight.id}>
          <InsightItem insight={insight} />
        </div>
      ))}
    </Flex>
  );
}
