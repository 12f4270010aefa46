import type { TeamMember } from '@sixa/contracts';
import { DEPARTMENTS } from '@sixa/contracts/src/work';
import { App, Form, Input, Modal, Select } from 'antd';
import { FormError } from '../../shared/FormError';
import {
  buildEditMemberBody,
  buildMemberBody,
  hasRequiredMemberFields,
  isAvatarUrl,
  memberFormValues,
  type MemberFormValues,
} from './memberPayloads';
import { TEAM_ERRORS, useCreateMemberMutation, useUpdateMemberMutation } from './teamApi';

const DEPARTMENT_OPTIONS = DEPARTMENTS.map((department) => ({ value: department, label: department }));

interface MemberFormModalProps {
  /** 'create' to add a member; a member to edit them; null when closed. */
  target: 'create' | TeamMember | null;
  onClose: () => void;
}

/**
 * Add Member and Edit Member: the submit button stays disabled until name, email, role and
 * department are filled (spec); the server's reason (an e-mail already on the team: 409) shows inside.
 */
export function MemberFormModal({ target, onClose }: MemberFormModalProps) {
  const [form] = Form.useForm<MemberFormValues>();
  const values = Form.useWatch([], form) ?? {};
  const [createMember, created] = useCreateMemberMutation();
  const [updateMember, updated] = useUpdateMemberMutation();
  const { message } = App.useApp();
  const editing = target !== null && target !== 'create' ? target : null;
  const state = editing ? updated : created;

  const close = () => {
    created.reset();
    updated.reset();
    onClose();
  };

  const submit = async (submitted: MemberFormValues) => {
    try {
      if (editing) {
        const member = await updateMember({ id: editing.id, body: buildEditMemberBody(submitted, editing) }).unwrap();
        message.success(`${member.name} was updated`);
      } else {
        const member = await createMember(buildMemberBody(submitted)).unwrap();
        message.success(`${member.name} was added to the team`);
      }
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? 'Edit Team Member' : 'Add Team Member'}
      okText={editing ? 'Save Changes' : 'Add Member'}
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !hasRequiredMemberFields(values), loading: state.isLoading }}
      modalRender={(dom) => (
        <Form
          key={editing?.id ?? 'create'}
          form={form}
          name={editing ? 'edit-member' : 'add-member'}
          layout="vertical"
          requiredMark={false}
          initialValues={editing ? memberFormValues(editing) : { avatar_url: '' }}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <FormError error={state.error} fallback={editing ? TEAM_ERRORS.update : TEAM_ERRORS.create} />
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
    </Modal>
  );
}
