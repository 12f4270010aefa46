import type { SyncJob, SyncRecordLog } from '@sixa/contracts/browser';
import { Drawer, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { formatDateTime } from '../../shared/formatDate';
import { DATA_TYPE_LABEL } from './integrationLabels';
import { INTEGRATION_ERRORS, useGetSyncJobLogQuery } from './integrationsApi';
import { SyncJobStatusTag } from './SyncJobStatusTag';

const OUTCOME_COLOR: Record<SyncRecordLog['outcome'], string> = {
  created: 'success',
  updated: 'processing',
  unchanged: 'default',
  failed: 'error',
};

const columns: TableColumnsType<SyncRecordLog> = [
  {
    key: 'record',
    title: 'Record',
    dataIndex: 'external_id',
    render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
  },
  {
    key: 'outcome',
    title: 'Outcome',
    dataIndex: 'outcome',
    render: (outcome: SyncRecordLog['outcome']) => <Tag color={OUTCOME_COLOR[outcome]}>{outcome}</Tag>,
  },
  { key: 'detail', title: 'Why', dataIndex: 'detail', render: (detail: string | null) => detail ?? '—' },
];

/** A job's record log: the records it could not bring in, with why. */
export function SyncJobLogDrawer({ job, onClose }: { job: SyncJob | null; onClose: () => void }) {
  const query = useGetSyncJobLogQuery(job?.id ?? '', { skip: !job });
  return (
    <Drawer open={job !== null} onClose={onClose} title="Sync Job Record Log" size="large" destroyOnHidden>
      {job ? (
        <Flex vertical gap="middle">
          <Flex gap="small" align="center" wrap>
            <Typography.Text strong>{job.platform_name}</Typography.Text>
            <Typography.Text type="secondary">{DATA_TYPE_LABEL[job.data_type] ?? job.data_type}</Typography.Text>
            <SyncJobStatusTag status={job.status} />
            <Typography.Text type="secondary">{formatDateTime(job.created_at)}</Typography.Text>
          </Flex>
          <Typography.Text>
            {job.records_processed} processed · {job.records_success} brought in · {job.records_failed} failed
          </Typography.Text>
          {job.error ? <Typography.Text type="danger">{job.error}</Typography.Text> : null}
          <LoadErrorAlert error={query.error} fallback={INTEGRATION_ERRORS.log} onRetry={() => void query.refetch()} />
          <Table<SyncRecordLog>
            rowKey={(row) => `${row.external_id}:${row.outcome}`}
            size="small"
            columns={columns}
            dataSource={query.data ?? []}
            loading={query.isLoading}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={query.error ? 'The log could not be loaded' : 'No record failed in this job'}
                />
              ),
            }}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
