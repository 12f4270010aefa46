import { EMAIL_MAX, PASSWORD_MAX, ROLES, USER_NAME_MAX } from '@sixa/contracts/browser';
import { Form, Input, Select } from 'antd';
import { ROLE_LABELS } from './userLabels';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface UserFormFieldsProps {
  mode: 'create' | 'edit';
  /** An admin editing their own account cannot change their role. */
  roleLocked?: boolean;
}

/** The fields shared by the Add User and Edit User forms. */
export function UserFormFields({ mode, roleLocked = false }: UserFormFieldsProps) {
  // What a password needs is the security policy's, checked by the server: its reason shows in the form.
  const passwordRules = mode === 'create' ? [{ required: true, message: 'Please enter a password' }] : [];

  return (
    <>
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}
      >
        <Input maxLength={USER_NAME_MAX} autoComplete="off" placeholder="Full name" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter an email address' },
          { type: 'email', message: 'Please enter a valid email address' },
        ]}
      >
        <Input type="email" maxLength={EMAIL_MAX} autoComplete="off" placeholder="name@company.com" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={passwordRules}
        extra={
          mode === 'edit'
            ? 'Leave blank to keep the current password.'
            : 'The security policy decides what a password needs.'
        }
      >
        <Input.Password
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          placeholder={mode === 'edit' ? 'Leave blank to keep current password' : 'A password'}
        />
      </Form.Item>
      <Form.Item label="Role" name="role" extra={roleLocked ? 'You cannot change your own role.' : undefined}>
        <Select options={ROLE_OPTIONS} disabled={roleLocked} />
      </Form.Item>
    </>
  );
}
