import type { Workflow, WorkflowRun } from '@sixa/contracts/browser';
import {
  BranchesOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography, theme } from 'antd';
import { useId } from 'react';
import { AccessButton } from '../../shared/access';
import { formatDateTime } from '../../shared/formatDate';
import { runStatusColor, STATUS_LABELS, statusTagColor, triggerSummary } from './workflowLabels';
import { useWorkflowRun } from './useWorkflowRun';

interface WorkflowCardProps {
  workflow: Workflow;
  /** This card's pause or resume is on its way. */
  toggling: boolean;
  onToggle: (workflow: Workflow) => void;
  onHistory: (workflow: Workflow) => void;
  onEdit: (workflow: Workflow) => void;
  onDelete: (workflow: Workflow) => void;
  /** The workflow a link named: outlined, and where the page scrolls to. */
  focused?: boolean;
}

function RunResult({ run }: { run: WorkflowRun }) {
  const done = run.steps.filter((s) => s.status === 'succeeded').length;
  const at = `step ${Math.min(run.current_step + 1, run.steps.length)} of ${run.steps.length}`;
  const text =
    run.status === 'succeeded'
      ? `Run succeeded (${done}/${run.steps.length} steps)`
      : run.status === 'failed'
        ? `Run failed${run.error ? `: ${run.error}` : ''}`
        : run.status === 'waiting'
          ? `Run waiting at ${at}`
          : run.status === 'running'
            ? `Run in progress: ${at}`
            : 'Run queued';
  return (
    <Tag color={runStatusColor[run.status]} role="status" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {text}
    </Tag>
  );
}

/** One workflow: what it does and when, its status, figures, and Execute / Pause / History / Edit / Delete. */
/** The element id of a workflow's card (a link's `?focus=` scrolls to it). */
export const workflowCardId = (id: string) => `workflow-card-${id}`;

export function WorkflowCard({
  workflow,
  toggling,
  onToggle,
  onHistory,
  onEdit,
  onDelete,
  focused = false,
}: WorkflowCardProps) {
  const { token } = theme.useToken();
  const titleId = useId();
  const { start, running, lastRun } = useWorkflowRun(workflow);
  const steps = workflow.steps.length;

  return (
    <Card
      role="article"
      id={workflowCardId(workflow.id)}
      aria-labelledby={titleId}
      aria-current={focused ? 'true' : undefined}
      size="small"
      style={{
        height: '100%',
        ...(focused ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 2px ${token.colorPrimaryBorder}` } : null),
      }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginSM } }}
    >
      <Flex justify="space-between" align="flex-start" gap="small">
        <Typography.Title id={titleId} level={5} style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          {workflow.name}
        </Typography.Title>
        {running ? (
          <Tag color="processing" style={{ marginInlineEnd: 0, flexShrink: 0 }}>
            Running…
          </Tag>
        ) : (
          <Tag color={statusTagColor[workflow.status]} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
            {STATUS_LABELS[workflow.status]}
          </Tag>
        )}
      </Flex>
      {workflow.description ? (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 2, tooltip: workflow.description }}
          style={{ margin: 0 }}
        >
          {workflow.description}
        </Typography.Paragraph>
      ) : null}
      <Flex vertical gap={token.marginXXS}>
        <Typography.Text type="secondary" ellipsis={{ tooltip: triggerSummary(workflow.trigger) }}>
          <ThunderboltOutlined aria-hidden /> {triggerSummary(workflow.trigger)}
        </Typography.Text>
        {workflow.enabled && workflow.next_fire_at ? (
          <Typography.Text type="secondary">
            <ClockCircleOutlined aria-hidden /> Next run {formatDateTime(workflow.next_fire_at)}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary">
          <BranchesOutlined aria-hidden /> {steps} {steps === 1 ? 'step' : 'steps'}
        </Typography.Text>
      </Flex>
      <Flex gap="large" wrap>
        <Typography.Text>
          <Typography.Text strong>{workflow.executions}</Typography.Text>{' '}
          <Typography.Text type="secondary">{workflow.executions === 1 ? 'execution' : 'executions'}</Typography.Text>
        </Typography.Text>
        <Typography.Text>
          <Typography.Text strong>{workflow.success_rate}%</Typography.Text>{' '}
          <Typography.Text type="secondary">success rate</Typography.Text>
        </Typography.Text>
      </Flex>
      {lastRun ? <RunResult run={lastRun} /> : null}
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginTop: 'auto' }}>
        <Flex gap="small">
          <AccessButton
            route="POST /workflows/:id/execute"
            type="primary"
            size="small"
            icon={<PlayCircleOutlined />}
            loading={running}
            disabled={!workflow.enabled}
            onClick={() => void start()}
          >
            {running ? 'Running…' : 'Execute'}
          </AccessButton>
          <AccessButton
            route="POST /workflows/:id/pause"
            size="small"
            icon={workflow.enabled ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            loading={toggling}
            onClick={() => onToggle(workflow)}
          >
            {workflow.enabled ? 'Pause' : 'Resume'}
          </AccessButton>
          <Button
            size="small"
            icon={<HistoryOutlined />}
            aria-label={`History of ${workflow.name}`}
            onClick={() => onHistory(workflow)}
          >
            History
          </Button>
        </Flex>
        <Flex gap={token.marginXXS}>
          <AccessButton
            route="PUT /workflows/:id"
            tooltip="Edit"
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={`Edit ${workflow.name}`}
            onClick={() => onEdit(workflow)}
          />
          <AccessButton
            route="DELETE /workflows/:id"
            tooltip="Delete"
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Delete ${workflow.name}`}
            onClick={() => onDelete(workflow)}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
