import type { User } from '@sixa/contracts/browser';
import { useAppDispatch } from '../../shared/hooks';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { currentUserChanged } from '../auth/authSlice';
import { buildCreateBody, buildUpdateBody, DEFAULT_ROLE, type UserFormValues } from './userPayloads';
import { UserFormFields } from './UserFormFields';
import { USER_ERRORS, useCreateUserMutation, useUpdateUserMutation } from './usersApi';

interface UserFormModalProps {
  open: boolean;
  /** The user to edit; null for Add User. */
  user: User | null;
  /** The admin is editing their own account: the role stays as it is. */
  isSelf: boolean;
  onClose: () => void;
}

/**
 * Add User (name, email and password required) and Edit User (name and email required; a blank
 * password keeps the current one; the role locked for yourself).
 */
export function UserFormModal({ open, user, isSelf, onClose }: UserFormModalProps) {
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const dispatch = useAppDispatch();
  const { message } = useFeedback();

  const submit = async (values: UserFormValues, { etag }: { etag: string | undefined }) => {
    if (!user) {
      const created = await createUser(buildCreateBody(values)).unwrap();
      message.success(`${created?.name ?? values.name} was added`);
      return;
    }
    const body = buildUpdateBody(values, isSelf);
    await updateUser({ id: user.id, body, etag }).unwrap();
    if (isSelf) dispatch(currentUserChanged({ name: body.name, email: body.email }));
    message.success(`${body.name} was updated`);
  };

  return (
    <FormModal<UserFormValues>
      open={open}
      recordKey={user?.id}
      etag={user?.etag}
      title={user ? 'Edit User' : 'Add New User'}
      okText={user ? 'Save Changes' : 'Create User'}
      name={user ? 'edit-user' : 'create-user'}
      initialValues={
        user ? { name: user.name, email: user.email, role: user.role, password: '' } : { role: DEFAULT_ROLE }
      }
      canSubmit={(values) => Boolean(values.name?.trim() && values.email?.trim() && (user || values.password))}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={user ? USER_ERRORS.update : USER_ERRORS.create}
      preserve={false}
    >
      <UserFormFields mode={user ? 'edit' : 'create'} roleLocked={user !== null && isSelf} />
    </FormModal>
  );
}
