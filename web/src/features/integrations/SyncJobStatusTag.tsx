import type { SyncJobStatus } from '@sixa/contracts/browser';
import { LoadingOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { isJobRunning, JOB_STATUS } from './integrationLabels';

export function SyncJobStatusTag({ status }: { status: SyncJobStatus }) {
  const shown = JOB_STATUS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={shown.color} icon={isJobRunning(status) ? <LoadingOutlined /> : undefined}>
      {shown.label}
    </Tag>
  );
}
