import type { Workflow } from '@sixa/contracts/browser';
import { PlusOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { AccessButton } from '../../shared/access';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useFormDialog } from '../../shared/useFormDialog';
import { useLinkQuery } from '../../shared/useLinkQuery';
import { useWorkflowActions } from './useWorkflowActions';
import { WorkflowCard, workflowCardId } from './WorkflowCard';
import { WorkflowRunsDrawer, type RunsOf } from './WorkflowRunsDrawer';
import {
  useGetWorkflowRunQuery,
  useGetWorkflowsQuery,
  useGetWorkflowStatsQuery,
  WORKFLOW_ERRORS,
} from './workflowsApi';
import { WorkflowStats } from './WorkflowStats';

/** The editor is a chunk of its own: the cards show without waiting for it. */
const WorkflowFormModal = lazy(() => import('./WorkflowFormModal').then((m) => ({ default: m.WorkflowFormModal })));

/** One card a row on phones, two on tablets, three on wide screens. */
const COLUMNS = { xs: 24, md: 12, xl: 8 } as const;

/**
 * A dashboard or assistant link: `?focus=<id>` (the dashboard also says `?workflow=<id>`) outlines
 * and scrolls to a workflow's card, `?run=<runId>` opens that run in its workflow's run history.
 */
const LINK_KEYS = ['focus', 'workflow', 'run'] as const;

/** Workflow Automation: stat cards, the workflow cards with Execute, the editor and each workflow's runs. */
export default function WorkflowsPage() {
  const form = useFormDialog<Workflow | null>(null);
  const [history, setHistory] = useState<RunsOf | null>(null);
  const link = useLinkQuery(LINK_KEYS);
  const { clear } = link;
  const focusId = link.values.focus ?? link.values.workflow;
  const runId = link.values.run;
  const closeHistory = useCallback(() => {
    setHistory(null);
    // The linked run is seen: closing its history is not undone by the address.
    clear('run');
  }, [clear]);
  const actions = useWorkflowActions();
  const { data: workflows, isLoading, error, refetch } = useGetWorkflowsQuery();
  const { data: stats, isLoading: statsLoading } = useGetWorkflowStatsQuery();
  const { data: linkedRun } = useGetWorkflowRunQuery(runId ?? '', { skip: !runId });

  // Once per linked run: its workflow's run history, with the run expanded.
  const shownRun = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedRun || linkedRun.id !== runId || shownRun.current === linkedRun.id) return;
    shownRun.current = linkedRun.id;
    const workflow = workflows?.find((w) => w.id === linkedRun.workflow_id);
    setHistory(workflow ?? { id: linkedRun.workflow_id, name: linkedRun.workflow_name });
  }, [linkedRun, runId, workflows]);

  // Once per linked workflow, when its card is shown: scroll to it.
  const shownFocus = useRef<string | null>(null);
  const focusShown = Boolean(focusId && workflows?.some((w) => w.id === focusId));
  useEffect(() => {
    if (!focusId || !focusShown || shownFocus.current === focusId) return;
    shownFocus.current = focusId;
    document.getElementById(workflowCardId(focusId))?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [focusId, focusShown]);

  const create = (
    <AccessButton route="POST /workflows" type="primary" icon={<PlusOutlined />} onClick={() => form.show(null)}>
      Create Workflow
    </AccessButton>
  );

  let content;
  if (isLoading) {
    content = (
      <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading workflows">
        {[0, 1, 2].map((i) => (
          <Col key={i} {...COLUMNS}>
            <Card size="small" loading />
          </Col>
        ))}
      </Row>
    );
  } else if (!workflows?.length) {
    content = (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            error && !workflows
              ? 'Workflows could not be loaded'
              : 'No workflows yet. Create one to automate a routine.'
          }
        >
          {error && !workflows ? null : create}
        </Empty>
      </Card>
    );
  } else {
    content = (
      <Row gutter={[16, 16]}>
        {workflows.map((workflow) => (
          <Col key={workflow.id} {...COLUMNS}>
            <WorkflowCard
              workflow={workflow}
              toggling={actions.togglingId === workflow.id}
              onToggle={(w) => void actions.toggle(w)}
              onHistory={setHistory}
              onEdit={form.show}
              onDelete={actions.confirmDelete}
              focused={workflow.id === focusId}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <>
      <PageHeader title="Workflow Automation" subtitle="Automate routine work with triggers and steps" extra={create} />
      <Flex vertical gap="large">
        <WorkflowStats stats={stats} loading={statsLoading} />
        <LoadErrorAlert error={error} fallback={WORKFLOW_ERRORS.load} onRetry={() => void refetch()} />
        {content}
      </Flex>
      <WorkflowRunsDrawer workflow={history} onClose={closeHistory} linkedRun={linkedRun ?? null} />
      <Suspense fallback={null}>
        <WorkflowFormModal open={form.open} workflow={form.target} onClose={form.close} />
      </Suspense>
    </>
  );
}
