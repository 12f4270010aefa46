import type { Workflow, WorkflowRun, WorkflowRunStep } from '@sixa/contracts/browser';
import { Collapse, Descriptions, Drawer, Empty, Flex, Grid, Skeleton, Tag, Typography } from 'antd';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { formatDateTime } from '../../shared/formatDate';
import { ACTION_LABELS, formatDuration, RUN_STATUS_LABELS, runStatusColor } from './workflowLabels';
import { useGetWorkflowRunsQuery, WORKFLOW_ERRORS } from './workflowsApi';

/** The workflow whose runs are shown: its id and name are all the drawer needs. */
export type RunsOf = Pick<Workflow, 'id' | 'name'>;

interface WorkflowRunsDrawerProps {
  workflow: RunsOf | null;
  onClose: () => void;
  /** A run a link named: expanded, and listed even when older than the runs read. */
  linkedRun?: WorkflowRun | null;
}

/** Runs still under way are read again every few seconds while the drawer is open. */
const OPEN_RUN_POLL_MS = 2000;

const TRIGGER_LABELS: Record<WorkflowRun['trigger']['type'], string> = {
  manual: 'Manual',
  schedule: 'Schedule',
  event: 'Event',
};

function triggerText(run: WorkflowRun): string {
  const t = run.trigger;
  if (t.type === 'event') return t.event_type ? `Event ${t.event_type}` : 'Event';
  return TRIGGER_LABELS[t.type];
}

function StatusTag({ status }: { status: WorkflowRun['status'] | WorkflowRunStep['status'] }) {
  return (
    <Tag color={runStatusColor[status]} style={{ marginInlineEnd: 0 }}>
      {RUN_STATUS_LABELS[status]}
    </Tag>
  );
}

function RunSteps({ run }: { run: WorkflowRun }) {
  if (run.steps.length === 0) return <Typography.Text type="secondary">No steps recorded</Typography.Text>;
  return (
    <ol aria-label="Run steps" style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 12 }}>
      {run.steps.map((step) => (
        <li key={step.index}>
          <Flex vertical gap={2}>
            <Flex gap="small" align="center" wrap>
              <Typography.Text strong>{ACTION_LABELS[step.action]}</Typography.Text>
              <StatusTag status={step.status} />
            </Flex>
            <Typography.Text type="secondary">
              {[
                step.attempts ? `${step.attempts} ${step.attempts === 1 ? 'attempt' : 'attempts'}` : null,
                step.started_at ? formatDateTime(step.started_at) : 'Not started',
                step.ended_at ? formatDuration(step.started_at, step.ended_at) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
            {step.error ? <Typography.Text type="danger">{step.error}</Typography.Text> : null}
          </Flex>
        </li>
      ))}
    </ol>
  );
}

/** A workflow's runs, newest first: status, trigger, start and duration; expanded, every step. */
export function WorkflowRunsDrawer({ workflow, onClose, linkedRun = null }: WorkflowRunsDrawerProps) {
  const phone = Grid.useBreakpoint().md === false;
  const {
    data: recentRuns,
    isLoading,
    error,
    refetch,
  } = useGetWorkflowRunsQuery(workflow?.id ?? '', {
    skip: !workflow,
    refetchOnMountOrArgChange: true,
  });
  const linked = linkedRun && workflow && linkedRun.workflow_id === workflow.id ? linkedRun : null;
  const runs =
    linked && recentRuns && !recentRuns.some((run) => run.id === linked.id) ? [...recentRuns, linked] : recentRuns;
  const open = (runs ?? []).some((r) => r.status !== 'succeeded' && r.status !== 'failed');
  useGetWorkflowRunsQuery(workflow?.id ?? '', { skip: !workflow || !open, pollingInterval: OPEN_RUN_POLL_MS });

  return (
    <Drawer
      open={workflow !== null}
      onClose={onClose}
      title={workflow ? `Run history: ${workflow.name}` : 'Run history'}
      size={phone ? '100%' : 560}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <LoadErrorAlert error={error} fallback={WORKFLOW_ERRORS.runs} onRetry={() => void refetch()} />
        {isLoading ? (
          <Skeleton active />
        ) : !runs?.length ? (
          error ? null : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No runs yet" />
          )
        ) : (
          <Collapse
            defaultActiveKey={linked ? [linked.id] : undefined}
            items={runs.map((run) => ({
              key: run.id,
              label: (
                <Flex vertical gap={2}>
                  <Flex gap="small" align="center" wrap>
                    <StatusTag status={run.status} />
                    <Typography.Text>{triggerText(run)}</Typography.Text>
                  </Flex>
                  <Typography.Text type="secondary">
                    {formatDateTime(run.started_at)} · {formatDuration(run.started_at, run.ended_at)}
                  </Typography.Text>
                </Flex>
              ),
              children: (
                <Flex vertical gap="small">
                  {run.error ? <Typography.Text type="danger">{run.error}</Typography.Text> : null}
                  <Descriptions
                    size="small"
                    column={1}
                    items={[
                      { key: 'started', label: 'Started', children: formatDateTime(run.started_at) },
                      {
                        key: 'admitted',
                        label: 'Taken in',
                        children: run.admitted_at
                          ? `${formatDateTime(run.admitted_at)} (queued ${formatDuration(run.started_at, run.admitted_at)})`
                          : 'Queued behind other runs',
                      },
                      { key: 'ended', label: 'Ended', children: formatDateTime(run.ended_at) },
                    ]}
                  />
                  <RunSteps run={run} />
                </Flex>
              ),
            }))}
          />
        )}
      </Flex>
    </Drawer>
  );
}
