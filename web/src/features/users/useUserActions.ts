import type { User } from '@sixa/contracts/browser';
import { useCallback } from 'react';
import { useFeedback } from '../../theme/Feedback';
import { DELETE_CONFIRMATION } from './userLabels';
import { useDeleteUserMutation, useToggleUserStatusMutation } from './usersApi';

/**
 * Per-row actions. Failures are shown by the API error listener (server detail or the spec's
 * fallback), so these only report success.
 */
export function useUserActions() {
  const { message, modal } = useFeedback();
  const [toggleStatus, toggleState] = useToggleUserStatusMutation();
  const [deleteUser] = useDeleteUserMutation();

  const toggle = useCallback(
    async (user: User) => {
      try {
        const { is_active } = await toggleStatus(user.id).unwrap();
        message.success(`${user.name} is now ${is_active ? 'active' : 'inactive'}`);
      } catch {
        // shown by the API error listener
      }
    },
    [toggleStatus, message],
  );

  const confirmDelete = useCallback(
    (user: User) => {
      modal.confirm({
        title: `Delete ${user.name}?`,
        content: DELETE_CONFIRMATION,
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteUser(user.id).unwrap();
            message.success(`${user.name} was deleted`);
          } catch {
            // shown by the API error listener
          }
        },
      });
    },
    [deleteUser, modal, message],
  );

  const togglingId = toggleState.isLoading ? toggleState.originalArgs : undefined;

  return { toggle, confirmDelete, togglingId };
}
