import type { IntegrationAnalytics, PlatformStats, SyncJob } from '@sixa/contracts/browser';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Progress,
  Row,
  Skeleton,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { formatDateTime } from '../../shared/formatDate';
import { DATA_TYPE_LABEL, RECENT_JOBS_SHOWN } from './integrationLabels';
import { SyncJobStatusTag } from './SyncJobStatusTag';

interface AnalyticsTabProps {
  analytics: IntegrationAnalytics | undefined;
  loading: boolean;
  platformCount: number;
  onShowLog: (job: SyncJob) => void;
}

type PlatformRow = PlatformStats & { platform_id: string };

const platformColumns: TableColumnsType<PlatformRow> = [
  {
    key: 'name',
    title: 'Platform',
    dataIndex: 'platform_name',
    render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
  },
  {
    key: 'connections',
    title: 'Connections',
    render: (_, row) => `${row.active_connections} active of ${row.connections}`,
  },
  { key: 'syncs', title: 'Syncs', render: (_, row) => `${row.successful_syncs} successful of ${row.total_syncs}` },
  {
    key: 'rate',
    title: 'Success Rate',
    width: 220,
    render: (_, row) =>
      row.success_rate === null ? (
        <Typography.Text type="secondary">No syncs yet</Typography.Text>
      ) : (
        <Progress
          percent={Math.round(row.success_rate)}
          size="small"
          status={row.success_rate < 50 ? 'exception' : 'normal'}
          format={(percent) => `${percent}%`}
          aria-label={`Success rate ${Math.round(row.success_rate)}%`}
        />
      ),
  },
];

function jobColumns(onShowLog: (job: SyncJob) => void): TableColumnsType<SyncJob> {
  return [
    {
      key: 'platform',
      title: 'Platform',
      render: (_, job) => (
        <Flex vertical>
          <Typography.Text strong>{job.platform_name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {DATA_TYPE_LABEL[job.data_type] ?? job.data_type} · {job.job_type}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: 'Status', render: (_, job) => <SyncJobStatusTag status={job.status} /> },
    {
      key: 'records',
      title: 'Records',
      render: (_, job) => (
        <span>
          {job.records_success} / {job.records_processed}
          {job.records_failed ? <Typography.Text type="danger"> ({job.records_failed} failed)</Typography.Text> : null}
        </span>
      ),
    },
    { key: 'when', title: 'Started', render: (_, job) => formatDateTime(job.started_at ?? job.created_at) },
    {
      key: 'log',
      title: 'Log',
      render: (_, job) => (
        <Button
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            onShowLog(job);
          }}
          aria-label={`Record log of the ${job.platform_name} sync started ${formatDateTime(job.started_at ?? job.created_at)}`}
        >
          View Log
        </Button>
      ),
    },
  ];
}

/** Spec: four cards, the statistics per platform with their success rate, and the latest 10 sync jobs. */
export function AnalyticsTab({ analytics, loading, platformCount, onShowLog }: AnalyticsTabProps) {
  if (loading && !analytics) return <Skeleton active aria-label="Loading analytics" />;
  const platformRows: PlatformRow[] = Object.entries(analytics?.platform_stats ?? {}).map(([platform_id, stats]) => ({
    platform_id,
    ...stats,
  }));
  const recent = (analytics?.recent_syncs ?? []).slice(0, RECENT_JOBS_SHOWN);
  const cards = [
    { key: 'total', title: 'Total Connections', value: analytics?.total_connections ?? 0 },
    { key: 'active', title: 'Active Connections', value: analytics?.active_connections ?? 0 },
    { key: 'recent', title: 'Recent Syncs', value: recent.length },
    { key: 'platforms', title: 'Platforms', value: platformCount },
  ];
  return (
    <Flex vertical gap="large">
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} lg={6}>
            <Card size="small" role="group" aria-label={card.title}>
              <Statistic title={card.title} value={card.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="Platform Statistics">
        <Table<PlatformRow>
          rowKey="platform_id"
          size="small"
          columns={platformColumns}
          dataSource={platformRows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No platform statistics yet" />,
          }}
        />
      </Card>
      <Card size="small" title={`Recent Sync Jobs (latest ${RECENT_JOBS_SHOWN})`}>
        <Table<SyncJob>
          rowKey="id"
          size="small"
          columns={jobColumns(onShowLog)}
          dataSource={recent}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(job) => ({ onClick: () => onShowLog(job), style: { cursor: 'pointer' } })}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sync jobs yet" /> }}
        />
      </Card>
    </Flex>
  );
}
