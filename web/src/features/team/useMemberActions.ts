import type { TeamMember } from '@sixa/contracts/browser';
import { App } from 'antd';
import { useCallback } from 'react';
import { useDeleteMemberMutation } from './teamApi';
import { REMOVE_MEMBER_CONFIRMATION } from './teamLabels';

/** Removing a member, after a confirmation. A failure is shown by the API error listener. */
export function useMemberActions() {
  const { message, modal } = App.useApp();
  const [deleteMember] = useDeleteMemberMutation();

  const confirmRemove = useCallback(
    (member: TeamMember) => {
      modal.confirm({
        title: `Remove ${member.name} from the team?`,
        content: REMOVE_MEMBER_CONFIRMATION,
        okText: 'Remove',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteMember(member.id).unwrap();
            message.success(`${member.name} was removed from the team`);
          } catch {
            // shown by the API error listener
          }
        },
      });
    },
    [deleteMember, modal, message],
  );

  return { confirmRemove };
}
