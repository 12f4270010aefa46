import type { User } from '@sixa/contracts';
import { Form, Modal } from 'antd';
import { useAppDispatch } from '../../app/hooks';
import { FormError } from '../../shared/FormError';
import { useFeedback } from '../../theme/Feedback';
import { currentUserChanged } from '../auth/authSlice';
import { buildUpdateBody, type UserFormValues } from './userPayloads';
import { UserFormFields } from './UserFormFields';
import { USER_ERRORS, useUpdateUserMutation } from './usersApi';

interface EditUserModalProps {
  /** The user being edited; null when closed. */
  user: User | null;
  isSelf: boolean;
  onClose: () => void;
}

/** Edit User: name and email required; role locked for yourself; blank password keeps it. */
export function EditUserModal({ user, isSelf, onClose }: EditUserModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const [updateUser, state] = useUpdateUserMutation();
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const name = Form.useWatch('name', form);
  const email = Form.useWatch('email', form);
  const canSubmit = Boolean(name?.trim() && email?.trim());

  const close = () => {
    state.reset();
    onClose();
  };

  const submit = async (values: UserFormValues) => {
    if (!user) return;
    const body = buildUpdateBody(values, isSelf);
    try {
      await updateUser({ id: user.id, body }).unwrap();
      if (isSelf) dispatch(currentUserChanged({ name: body.name, email: body.email }));
      message.success(`${body.name} was updated`);
      close();
    } catch {
      // The reason shows inside the form, which stays open for a correction.
    }
  };

  return (
    <Modal
      open={user !== null}
      title="Edit User"
      okText="Save Changes"
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: state.isLoading }}
      modalRender={(dom) => (
        <Form
          key={user?.id}
          form={form}
          name="edit-user"
          layout="vertical"
          requiredMark={false}
          initialValues={user ? { name: user.name, email: user.email, role: user.role, password: '' } : undefined}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <FormError error={state.error} fallback={USER_ERRORS.update} />
      <UserFormFields mode="edit" roleLocked={isSelf} />
    </Modal>
  );
}
