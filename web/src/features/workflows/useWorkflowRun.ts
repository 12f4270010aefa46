import type { Workflow, WorkflowRun } from '@sixa/contracts/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../shared/hooks';
import { refreshAfterRun, useExecuteWorkflowMutation, useGetWorkflowRunQuery, workflowsApi } from './workflowsApi';

/** The spec: Execute marks the workflow running for 3 s, then the list is reloaded. */
export const RUNNING_INDICATOR_MS = 3000;
/** How often the started run is read until it ends (less often while it waits for a delay or a retry). */
export const RUN_POLL_MS = 1000;
export const WAITING_RUN_POLL_MS = 5000;

const ended = (run: WorkflowRun | undefined) => run?.status === 'succeeded' || run?.status === 'failed';

/**
 * Execute on one card: 'Running…' for 3 s, then the list and stats are read again; meanwhile and
 * after, the started run is polled (GET /workflows/runs/{runId}) until it succeeds or fails.
 */
export function useWorkflowRun(workflow: Workflow) {
  const dispatch = useAppDispatch();
  const [execute, executing] = useExecuteWorkflowMutation();
  const [running, setRunning] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const [lastRun, setLastRun] = useState<WorkflowRun | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  const { data: run } = useGetWorkflowRunQuery(runId ?? '', {
    skip: !runId,
    pollingInterval: runId ? (waiting ? WAITING_RUN_POLL_MS : RUN_POLL_MS) : 0,
    skipPollingIfUnfocused: false,
  });
  const done = ended(run) && run?.id === runId;

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (run && run.id === runId) {
      setLastRun(run);
      setWaiting(run.status === 'waiting');
    }
  }, [run, runId]);

  useEffect(() => {
    if (done && runId) {
      // The run ended: stop polling, keep its result, and read the counters again.
      dispatch(refreshAfterRun(workflow.id));
      setRunId(null);
    }
  }, [done, runId, dispatch, workflow.id]);

  const start = useCallback(async () => {
    setRunning(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setRunning(false);
      dispatch(
        workflowsApi.util.invalidateTags([
          { type: 'Workflow', id: 'LIST' },
          { type: 'Workflow', id: 'STATS' },
        ]),
      );
    }, RUNNING_INDICATOR_MS);
    try {
      const started = await execute(workflow.id).unwrap();
      setLastRun(started);
      setRunId(started.id);
    } catch {
      // shown by the API error listener (a paused workflow: 409)
      clearTimeout(timer.current);
      setRunning(false);
    }
  }, [dispatch, execute, workflow.id]);

  return { start, running: running || executing.isLoading, lastRun };
}
