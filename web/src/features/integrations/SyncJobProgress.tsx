import type { SyncJob } from '@sixa/contracts/browser';
import { Alert, Button, Descriptions, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../shared/hooks';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { formatDateTime } from '../../shared/formatDate';
import { DATA_TYPE_LABEL, isJobRunning } from './integrationLabels';
import { INTEGRATION_ERRORS, integrationsApi, useGetSyncJobQuery } from './integrationsApi';
import { SyncJobStatusTag } from './SyncJobStatusTag';

/** How often a running job is asked for its counts. */
export const JOB_POLL_MS = 1_000;

interface SyncJobProgressProps {
  /** The job as the start call answered it (shown until the first poll). */
  job: SyncJob;
  onShowLog?: (job: SyncJob) => void;
}

/**
 * A job's progress: its counts while it runs (asked every second), then its outcome. When it ends,
 * the connections' sync figures and the analytics are reloaded.
 */
export function SyncJobProgress({ job: started, onShowLog }: SyncJobProgressProps) {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(isJobRunning(started.status));
  const query = useGetSyncJobQuery(started.id, { pollingInterval: polling ? JOB_POLL_MS : 0 });
  const job = query.data ?? started;
  const running = isJobRunning(job.status);
  useEffect(() => setPolling(running), [running]);
  const ended = useRef(!running);
  useEffect(() => {
    if (running || ended.current) return;
    ended.current = true;
    dispatch(
      integrationsApi.util.invalidateTags([
        { type: 'IntegrationConnection', id: 'LIST' },
        { type: 'SyncJob', id: 'LIST' },
      ]),
    );
  }, [dispatch, running]);

  return (
    <Flex vertical gap="middle">
      <Flex align="center" gap="small" role="status" aria-live="polite">
        {running ? <Spin size="small" /> : null}
        <Typography.Text>
          {job.platform_name} · {DATA_TYPE_LABEL[job.data_type] ?? job.data_type}
        </Typography.Text>
        <SyncJobStatusTag status={job.status} />
        <Typography.Text type="secondary">
          {running ? `${job.records_processed} records processed so far` : `${job.records_processed} records processed`}
        </Typography.Text>
      </Flex>
      <LoadErrorAlert error={query.error} fallback={INTEGRATION_ERRORS.job} onRetry={() => void query.refetch()} />
      {job.status === 'failed' && job.error ? <Alert type="error" showIcon title={job.error} /> : null}
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'processed', label: 'Records processed', children: job.records_processed },
          { key: 'success', label: 'Records brought in', children: job.records_success },
          { key: 'failed', label: 'Records failed', children: job.records_failed },
          { key: 'started', label: 'Started', children: formatDateTime(job.started_at, 'Not yet') },
          { key: 'finished', label: 'Finished', children: formatDateTime(job.finished_at, running ? 'Running…' : '—') },
        ]}
      />
      {onShowLog && !running ? (
        <Flex>
          <Button onClick={() => onShowLog(job)}>View Record Log</Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
