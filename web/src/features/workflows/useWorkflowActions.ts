import type { Workflow } from '@sixa/contracts/browser';
import { App } from 'antd';
import { useCallback } from 'react';
import { useDeleteWorkflowMutation, useSetWorkflowEnabledMutation } from './workflowsApi';

export const DELETE_WORKFLOW_CONFIRMATION =
  'Are you sure you want to delete this workflow? Its run history goes with it. This action cannot be undone.';

/** Pause/Resume and Delete (with a confirmation). Failures are shown by the API error listener. */
export function useWorkflowActions() {
  const { message, modal } = App.useApp();
  const [setEnabled, enabledState] = useSetWorkflowEnabledMutation();
  const [deleteWorkflow] = useDeleteWorkflowMutation();

  const toggle = useCallback(
    async (workflow: Workflow) => {
      try {
        await setEnabled({ id: workflow.id, enabled: !workflow.enabled }).unwrap();
        message.success(`"${workflow.name}" ${workflow.enabled ? 'paused' : 'resumed'}`);
      } catch {
        // shown by the API error listener
      }
    },
    [setEnabled, message],
  );

  const confirmDelete = useCallback(
    (workflow: Workflow) => {
      modal.confirm({
        title: `Delete "${workflow.name}"?`,
        content: DELETE_WORKFLOW_CONFIRMATION,
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteWorkflow(workflow.id).unwrap();
            message.success(`"${workflow.name}" was deleted`);
          } catch {
            // shown by the API error listener
          }
        },
      });
    },
    [deleteWorkflow, modal, message],
  );

  const togglingId = enabledState.isLoading ? enabledState.originalArgs?.id : undefined;
  return { toggle, confirmDelete, togglingId };
}
