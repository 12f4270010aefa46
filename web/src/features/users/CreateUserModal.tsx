import { Form, Modal } from 'antd';
import { FormError } from '../../shared/FormError';
import { useFeedback } from '../../theme/Feedback';
import { buildCreateBody, DEFAULT_ROLE, type UserFormValues } from './userPayloads';
import { UserFormFields } from './UserFormFields';
import { USER_ERRORS, useCreateUserMutation } from './usersApi';

interface CreateUserModalProps {
  open: boolean;
  onClose: () => void;
}

/** Add User: 'Create User' stays disabled until name, email and password are filled. */
export function CreateUserModal({ open, onClose }: CreateUserModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const [createUser, state] = useCreateUserMutation();
  const { message } = useFeedback();
  const name = Form.useWatch('name', form);
  const email = Form.useWatch('email', form);
  const password = Form.useWatch('password', form);
  const canSubmit = Boolean(name?.trim() && email?.trim() && password);

  const close = () => {
    state.reset();
    onClose();
  };

  const submit = async (values: UserFormValues) => {
    try {
      const created = await createUser(buildCreateBody(values)).unwrap();
      message.success(`${created?.name ?? values.name} was added`);
      close();
    } catch {
      // The reason shows inside the form, which stays open for a correction.
    }
  };

  return (
    <Modal
      open={open}
      title="Add New User"
      okText="Create User"
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: state.isLoading }}
      modalRender={(dom) => (
        <Form
          form={form}
          name="create-user"
          layout="vertical"
          requiredMark={false}
          initialValues={{ role: DEFAULT_ROLE }}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <FormError error={state.error} fallback={USER_ERRORS.create} />
      <UserFormFields mode="create" />
    </Modal>
  );
}
