import type { Task, TaskStatus } from '@sixa/contracts/browser';
import { App } from 'antd';
import { useCallback } from 'react';
import { STATUS_LABELS } from './taskLabels';
import { useDeleteTaskMutation, useSetTaskStatusMutation } from './tasksApi';

export const DELETE_TASK_CONFIRMATION = 'Are you sure you want to delete this task? This action cannot be undone.';

/**
 * A card's status step and its deletion. Failures (a task moved or deleted by someone else: 409,
 * 404) are shown by the API error listener with the server's reason; these only report success.
 */
export function useTaskActions() {
  const { message, modal } = App.useApp();
  const [setStatus, statusState] = useSetTaskStatusMutation();
  const [deleteTask] = useDeleteTaskMutation();

  const move = useCallback(
    async (task: Task, status: TaskStatus) => {
      try {
        await setStatus({ id: task.id, status }).unwrap();
        message.success(`"${task.title}" is now ${STATUS_LABELS[status].toLowerCase()}`);
      } catch {
        // shown by the API error listener
      }
    },
    [setStatus, message],
  );

  const confirmDelete = useCallback(
    (task: Task) => {
      modal.confirm({
        title: `Delete "${task.title}"?`,
        content: DELETE_TASK_CONFIRMATION,
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteTask(task.id).unwrap();
            message.success(`"${task.title}" was deleted`);
          } catch {
            // shown by the API error listener
          }
        },
      });
    },
    [deleteTask, modal, message],
  );

  const movingId = statusState.isLoading ? statusState.originalArgs?.id : undefined;
  return { move, confirmDelete, movingId };
}
