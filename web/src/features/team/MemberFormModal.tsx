import { DEPARTMENTS, type TeamMember } from '@sixa/contracts/browser';
import { App, Form, Input, Select } from 'antd';
import { FormModal } from '../../shared/FormModal';
import {
  buildMemberBody,
  hasRequiredMemberFields,
  isAvatarUrl,
  memberFormValues,
  type MemberFormValues,
} from './memberPayloads';
import { TEAM_ERRORS, useCreateMemberMutation, useUpdateMemberMutation } from './teamApi';

const DEPARTMENT_OPTIONS = DEPARTMENTS.map((department) => ({ value: department, label: department }));

interface MemberFormModalProps {
  open: boolean;
  /** The member to edit; null to add one. */
  member: TeamMember | null;
  onClose: () => void;
}

/**
 * Add Member and Edit Member: the submit button stays disabled until name, email, role and
 * department are filled (spec); the server's reason (an e-mail already on the team: 409) shows inside.
 */
export function MemberFormModal({ open, member, onClose }: MemberFormModalProps) {
  const [createMember] = useCreateMemberMutation();
  const [updateMember] = useUpdateMemberMutation();
  const { message } = App.useApp();

  const submit = async (values: MemberFormValues, { etag }: { etag: string | undefined }) => {
    if (member) {
      const saved = await updateMember({ id: member.id, body: buildMemberBody(values), etag }).unwrap();
      message.success(`${saved.name} was updated`);
    } else {
      const saved = await createMember(buildMemberBody(values)).unwrap();
      message.success(`${saved.name} was added to the team`);
    }
  };

  return (
    <FormModal<MemberFormValues>
      open={open}
      recordKey={member?.id}
      etag={member?.etag}
      title={member ? 'Edit Team Member' : 'Add Team Member'}
      okText={member ? 'Save Changes' : 'Add Member'}
      name={member ? 'edit-member' : 'add-member'}
      initialValues={member ? memberFormValues(member) : { avatar_url: '' }}
      canSubmit={hasRequiredMemberFields}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={member ? TEAM_ERRORS.update : TEAM_ERRORS.create}
      preserve={false}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}
      >
        <Input maxLength={120} autoComplete="off" placeholder="Full name" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter an email address' },
          { type: 'email', message: 'Please enter a valid email address' },
        ]}
      >
        <Input type="email" maxLength={254} autoComplete="off" placeholder="name@company.com" />
      </Form.Item>
      <Form.Item
        label="Role"
        name="role"
        rules={[{ required: true, whitespace: true, message: 'Please enter a role' }]}
      >
        <Input maxLength={120} autoComplete="off" placeholder="e.g. Account Executive" />
      </Form.Item>
      <Form.Item
        label="Department"
        name="department"
        rules={[{ required: true, message: 'Please choose a department' }]}
      >
        <Select options={DEPARTMENT_OPTIONS} placeholder="Choose a department" />
      </Form.Item>
      <Form.Item
        label="Avatar URL"
        name="avatar_url"
        extra="Optional: without a picture, an avatar with the initials is shown."
        rules={[
          {
            validator: (_, value: string | undefined) =>
              isAvatarUrl(value)
                ? Promise.resolve()
                : Promise.reject(new Error('Please enter a web address starting with http:// or https://')),
          },
        ]}
      >
        <Input type="url" maxLength={2000} autoComplete="off" placeholder="https://..." />
      </Form.Item>
    </FormModal>
  );
}
