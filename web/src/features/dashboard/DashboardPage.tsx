import { LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Row, Skeleton, Space, Tooltip, Typography, theme } from 'antd';
import type { DashboardWidgetKey } from '@sixa/contracts/browser';
import { lazy, Suspense, useMemo } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { PageHeader } from '../../shared/PageHeader';
import { Panel } from '../../shared/Panel';
import { selectCurrentUser } from '../auth/authSlice';
import { orderedWidgets } from '../settings/uiConfig';
import { useGetDashboardWidgetsQuery } from '../settings/uiConfigApi';
import { ChartErrorBoundary } from '../../shared/ChartErrorBoundary';
import { ActivityList } from './ActivityList';
import { DashboardQuickActions } from './DashboardQuickActions';
import { InsightsList } from './InsightsList';
import { MetricCards } from './MetricCards';
import { useDashboard } from './useDashboard';

/** Highcharts is fetched after the figures have painted: the dashboard is the first screen. */
const RevenueChart = lazy(() => import('./RevenueChart'));

/** Each widget's width: the figures across, the chart beside the quick actions, the two lists side by side. */
const WIDGET_COLUMNS: Record<DashboardWidgetKey, { xs: number; xl: number }> = {
  metrics: { xs: 24, xl: 24 },
  revenue_chart: { xs: 24, xl: 16 },
  quick_actions: { xs: 24, xl: 8 },
  insights: { xs: 24, xl: 12 },
  activity: { xs: 24, xl: 12 },
};

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

function LoadingSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading dashboard">
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((card) => (
          <Col key={card} xs={24} sm={12} xl={6}>
            <Panel>
              <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 2 }} />
            </Panel>
          </Col>
        ))}
        <Col xs={24} xl={16}>
          <Panel>
            <Skeleton active paragraph={{ rows: 7 }} />
          </Panel>
        </Col>
        <Col xs={24} xl={8}>
          <Panel>
            <Skeleton active paragraph={{ rows: 7 }} />
          </Panel>
        </Col>
      </Row>
    </div>
  );
}

function RevenueTrend({ trend }: { trend: ReturnType<typeof useDashboard>['trend'] }) {
  const months = trend.data;
  const chartSkeleton = <Skeleton active paragraph={{ rows: 6 }} />;
  if (!months) return trend.isLoading ? chartSkeleton : <Empty description="The revenue trend is not available." />;
  if (!months.some((m) => m.revenue > 0)) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No accepted quotes in the last twelve months yet: revenue shows here once a customer accepts one."
      />
    );
  }
  return (
    <ChartErrorBoundary title="Revenue Trend">
      <Suspense fallback={chartSkeleton}>
        <RevenueChart months={months} />
      </Suspense>
    </ChartErrorBoundary>
  );
}

/** Dashboard: the workspace's figures, insights and what the AI did, kept current from the event stream. */
export default function DashboardPage() {
  const { token } = theme.useToken();
  const user = useAppSelector(selectCurrentUser);
  const dashboard = useDashboard();
  // The user's widgets, shown and ordered as set in UI Customization; the product's layout until
  // they have arrived, or when they cannot be read.
  const { data: widgetConfig } = useGetDashboardWidgetsQuery(user?.id ?? '', { skip: !user });
  const widgets = useMemo(() => orderedWidgets(widgetConfig), [widgetConfig]);
  const asOf = dashboard.metrics.data?.as_of;
  const firstName = user?.name?.split(' ')[0];

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={
          firstName
            ? `Welcome back, ${firstName}. Here is what is happening across your workspace.`
            : 'Here is what is happening across your workspace.'
        }
        extra={
          <Space wrap size="middle">
            {asOf ? (
              <Tooltip title="When the newest change counted in these figures happened; they refresh every few seconds.">
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  Figures as of {timeFormat.format(new Date(asOf))}
                </Typography.Text>
              </Tooltip>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={dashboard.refresh}>
              Refresh
            </Button>
          </Space>
        }
      />
      {dashboard.loading ? (
        <LoadingSkeleton />
      ) : !widgets.some((widget) => widget.visible) ? (
        <Empty description="Every widget is hidden. Choose the dashboard's widgets in Settings, UI Customization." />
      ) : (
        <Row gutter={[16, 16]}>
          {widgets
            .filter((widget) => widget.visible)
            .map(({ key }) => (
              <Col key={key} {...WIDGET_COLUMNS[key]}>
                {key === 'metrics' ? (
                  <MetricCards metrics={dashboard.metrics.data} loading={dashboard.metrics.isLoading} />
                ) : key === 'revenue_chart' ? (
                  <Panel
                    title={
                      <Flex justify="space-between" align="center" gap="small" style={{ width: '100%' }}>
                        <Space>
                          <LineChartOutlined aria-hidden />
                          Revenue Trend
                        </Space>
                        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, fontWeight: 'normal' }}>
                          Accepted quotes · 12 months
                        </Typography.Text>
                      </Flex>
                    }
                    style={{ height: '100%' }}
                  >
                    <RevenueTrend trend={dashboard.trend} />
                  </Panel>
                ) : key === 'quick_actions' ? (
                  <Panel title="Quick Actions" style={{ height: '100%' }}>
                    <DashboardQuickActions />
                  </Panel>
                ) : key === 'insights' ? (
                  <Panel title="AI Insights & Recommendations" style={{ height: '100%' }}>
                    <InsightsList insights={dashboard.insights.data} loading={dashboard.insights.isLoading} />
                  </Panel>
                ) : (
                  <Panel title="Recent AI Activities" style={{ height: '100%' }}>
                    <ActivityList activities={dashboard.activity.data} loading={dashboard.activity.isLoading} />
                  </Panel>
                )}
              </Col>
            ))}
        </Row>
      )}
    </>
  );
}
