import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { AccessButton } from '../../shared/access';
import { PageHeader } from '../../shared/PageHeader';
import { useLinkQuery, useOnLinkValue } from '../../shared/useLinkQuery';
import { AiInsights } from './AiInsights';
import { AlertsList } from './AlertsList';
import { ConnectionIndicator } from './ConnectionIndicator';
import { CurrentMetrics } from './CurrentMetrics';
import { MetricCharts } from './MetricCharts';
import { ProbeList } from './ProbeList';
import { reloadPage } from './reloadPage';
import { SimulationPanel } from './SimulationPanel';
import { StatusCards } from './StatusCards';
import { useAnalysis } from './useAnalysis';
import { useLiveMonitoring } from './useLiveMonitoring';

const TABS = ['dashboard', 'alerts', 'insights', 'testing'] as const;
type MonitoringTab = (typeof TABS)[number];
const isTab = (value: string | null): value is MonitoringTab => (TABS as readonly (string | null)[]).includes(value);
const LINK_KEYS = ['tab'] as const;

function LoadingSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading monitoring data">
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((card) => (
          <Col key={card} xs={24} sm={12} lg={6}>
            <Card>
              <Skeleton active paragraph={{ rows: 1 }} />
            </Card>
          </Col>
        ))}
        <Col span={24}>
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/**
 * Network Monitoring: live system health, resource metrics, alerts and AI analysis. A link's
 * `?tab=alerts` opens that tab; choosing another tab takes it out of the address.
 */
export default function MonitoringPage() {
  const live = useLiveMonitoring();
  const analysis = useAnalysis();
  const link = useLinkQuery(LINK_KEYS);
  const [tab, setShownTab] = useState<MonitoringTab>(() => (isTab(link.values.tab) ? link.values.tab : 'dashboard'));
  useOnLinkValue(link.values.tab, (value) => {
    if (isTab(value)) setShownTab(value);
  });
  const setTab = (key: MonitoringTab) => {
    setShownTab(key);
    link.clear('tab');
  };

  const runAnalysis = () => {
    setTab('insights');
    void analysis.run();
  };

  return (
    <>
      <PageHeader
        title="Network Monitoring"
        subtitle="Live system health, resource metrics, alerts and AI analysis"
        extra={
          <Space wrap size="middle">
            <ConnectionIndicator connected={live.connected} />
            <AccessButton
              route="POST /monitoring/analyze"
              type="primary"
              icon={<ThunderboltOutlined />}
              loading={analysis.running}
              disabled={analysis.running}
              onClick={runAnalysis}
            >
              Enhanced AI Analysis
            </AccessButton>
            <Button icon={<ReloadOutlined />} onClick={reloadPage}>
              Refresh
            </Button>
          </Space>
        }
      />
      {live.loading ? (
        <LoadingSkeleton />
      ) : (
        <Flex vertical gap="large">
          <StatusCards status={live.status} openAlerts={live.openAlerts} />
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as MonitoringTab)}
            items={[
              {
                key: 'dashboard',
                label: 'Dashboard & Charts',
                children: (
                  <Flex vertical gap="middle">
                    <MetricCharts chartData={live.chartData} />
                    <CurrentMetrics status={live.status} connected={live.connected} />
                    <ProbeList probes={live.status?.probes} />
                  </Flex>
                ),
              },
              {
                key: 'alerts',
                label: `Alerts (${live.openAlerts})`,
                children: (
                  <AlertsList
                    alerts={live.alerts}
                    openCount={live.openAlerts}
                    refreshing={live.alertsFetching}
                    onRefresh={() => void live.refetchAlerts()}
                  />
                ),
              },
              {
                key: 'insights',
                label: 'AI Insights',
                children: <AiInsights analysis={analysis.analysis} running={analysis.running} onRun={runAnalysis} />,
              },
              {
                key: 'testing',
                label: 'Testing & Simulation',
                children: <SimulationPanel connected={live.connected} refetchAlerts={live.refetchAlerts} />,
              },
            ]}
          />
        </Flex>
      )}
    </>
  );
}
