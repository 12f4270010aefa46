import { Form, Modal } from 'antd';
import { useFeedback } from '../../theme/Feedback';
import { buildCreateBody, DEFAULT_ROLE, type UserFormValues } from './userPayloads';
import { UserFormFields } from './UserFormFields';
import { useCreateUserMutation } from './usersApi';

interface CreateUserModalProps {
  open: boolean;
  onClose: () => void;
}

/** Add User: 'Create User' stays disabled until name, email and password are filled. */
export function CreateUserModal({ open, onClose }: CreateUserModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const [createUser, { isLoading }] = useCreateUserMutation();
  const { message } = useFeedback();
  const name = Form.useWatch('name', form);
  const email = Form.useWatch('email', form);
  const password = Form.useWatch('password', form);
  const canSubmit = Boolean(name?.trim() && email?.trim() && password);

  const submit = async (values: UserFormValues) => {
    try {
      const created = await createUser(buildCreateBody(values)).unwrap();
      message.success(`${created?.name ?? values.name} was added`);
      onClose();
    } catch {
      // The API error listener shows the reason; the form stays open for a correction.
    }
  };

  return (
    <Modal
      open={open}
      title="Add New User"
      okText="Create User"
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: isLoading }}
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
      <UserFormFields mode="create" />
    </Modal>
  );
}
