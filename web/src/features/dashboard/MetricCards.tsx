import type { DashboardMetrics } from '@sixa/contracts/browser';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DollarOutlined,
  RobotOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Col, Flex, Row, Statistic, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatUsd } from '../../shared/money';
import { Panel } from '../../shared/Panel';
import { formatGrowth, formatRevenueMillions, formatSuccessRate } from './dashboardFormat';

interface MetricCardsProps {
  metrics: DashboardMetrics | undefined;
  loading: boolean;
}

interface CardSpec {
  title: string;
  icon: ReactNode;
  value: string;
  /** The exact figure behind a rounded value, on hover. */
  exact?: string;
  lines: ReactNode[];
}

/** A figure that could not be loaded yet: a dash, never a made-up zero. */
const NONE = '—';

function Growth({ growth }: { growth: number | null }) {
  const { token } = theme.useToken();
  if (growth === null) return <Typography.Text type="secondary">{formatGrowth(growth)}</Typography.Text>;
  const up = growth >= 0;
  return (
    <Typography.Text style={{ color: up ? token.colorSuccess : token.colorError }}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatGrowth(growth)}
    </Typography.Text>
  );
}

function cards(metrics: DashboardMetrics | undefined): CardSpec[] {
  const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  if (!metrics) {
    return [
      { title: 'Total Revenue', icon: <DollarOutlined />, value: NONE, lines: [secondary('Accepted quotes')] },
      { title: 'Active Workflows', icon: <ThunderboltOutlined />, value: NONE, lines: [secondary('Automated today')] },
      { title: 'AI Tasks Completed', icon: <RobotOutlined />, value: NONE, lines: [secondary('Success rate')] },
      { title: 'Team Members', icon: <TeamOutlined />, value: NONE, lines: [secondary('Online now')] },
    ];
  }
  const exactRevenue = formatUsd(metrics.total_revenue);
  return [
    {
      title: 'Total Revenue',
      icon: <DollarOutlined />,
      value: formatRevenueMillions(metrics.total_revenue),
      exact: exactRevenue,
      lines: [
        <Growth key="growth" growth={metrics.revenue_growth} />,
        <Typography.Text key="exact" type="secondary" data-testid="revenue-exact">
          {exactRevenue} from quotes
        </Typography.Text>,
      ],
    },
    {
      title: 'Active Workflows',
      icon: <ThunderboltOutlined />,
      value: String(metrics.active_workflows),
      lines: [secondary(`${metrics.automated_today} automated today`)],
    },
    {
      title: 'AI Tasks Completed',
      icon: <RobotOutlined />,
      value: String(metrics.ai_tasks_completed),
      lines: [secondary(formatSuccessRate(metrics.success_rate))],
    },
    {
      title: 'Team Members',
      icon: <TeamOutlined />,
      value: String(metrics.team_members),
      lines: [secondary(`${metrics.online_members} online now`)],
    },
  ];
}

/** The spec's four metric cards (GET /dashboard/metrics). */
export function MetricCards({ metrics, loading }: MetricCardsProps) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      {cards(metrics).map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <Panel style={{ height: '100%' }}>
            <section aria-label={card.title}>
              <Flex justify="space-between" align="flex-start" gap="small">
                <Statistic
                  title={card.title}
                  value={card.value}
                  loading={loading && !metrics}
                  valueRender={(node) =>
                    card.exact ? (
                      <Tooltip title={card.exact}>
                        <span>{node}</span>
                      </Tooltip>
                    ) : (
                      node
                    )
                  }
                />
                <Flex
                  align="center"
                  justify="center"
                  aria-hidden
                  style={{
                    width: 40,
                    height: 40,
                    flex: 'none',
                    borderRadius: token.borderRadiusLG,
                    background: token.colorPrimaryBg,
                    color: token.colorPrimary,
                    fontSize: token.fontSizeXL,
                  }}
                >
                  {card.icon}
                </Flex>
              </Flex>
              <Flex vertical gap={2} style={{ marginTop: token.marginXS, fontSize: token.fontSizeSM }}>
                {card.lines.map((line, index) => (
                  <div key={index}>{line}</div>
                ))}
              </Flex>
            </section>
          </Panel>
        </Col>
      ))}
    </Row>
  );
}
