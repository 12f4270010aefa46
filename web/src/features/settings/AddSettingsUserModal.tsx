import { EMAIL_MAX, PASSWORD_MAX } from '@sixa/contracts/browser';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_SETTINGS_ROLE,
  DEFAULT_TIMEZONE,
  LANGUAGE_OPTIONS,
  ROLE_OPTIONS,
  timezoneOptions,
} from './settingsLabels';
import { SETTINGS_ERRORS, useCreateSettingsUserMutation, type CreateSettingsUserBody } from './settingsApi';

interface AddSettingsUserModalProps {
  open: boolean;
  onClose: () => void;
}

type Values = CreateSettingsUserBody;

const INITIAL: Partial<Values> = {
  role: DEFAULT_SETTINGS_ROLE,
  timezone: DEFAULT_TIMEZONE,
  language: DEFAULT_LANGUAGE,
};

/**
 * Add New User (spec: username, email and full name required; timezone UTC and language en by
 * default). The password is checked by the server against the policy: its reason shows here.
 */
export function AddSettingsUserModal({ open, onClose }: AddSettingsUserModalProps) {
  const [createUser] = useCreateSettingsUserMutation();
  const { message } = useFeedback();
  const timezones = useMemo(timezoneOptions, []);

  const submit = async (typed: Values) => {
    const created = await createUser({
      username: typed.username.trim(),
      email: typed.email.trim(),
      full_name: typed.full_name.trim(),
      role: typed.role,
      department: typed.department?.trim() ?? '',
      timezone: typed.timezone || DEFAULT_TIMEZONE,
      language: typed.language || DEFAULT_LANGUAGE,
      password: typed.password,
    }).unwrap();
    message.success(`${created?.full_name ?? typed.full_name} was added`);
  };

  return (
    <FormModal<Values>
      open={open}
      title="Add New User"
      okText="Add User"
      name="settings-user"
      width={640}
      initialValues={INITIAL}
      canSubmit={(values) =>
        Boolean(values.username?.trim() && values.email?.trim() && values.full_name?.trim() && values.password)
      }
      onSubmit={submit}
      onClose={onClose}
      errorFallback={SETTINGS_ERRORS.createUser}
      preserve={false}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Username"
            name="username"
            rules={[{ required: true, whitespace: true, message: 'Please enter a username' }]}
          >
            <Input maxLength={60} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Full Name"
            name="full_name"
            rules={[{ required: true, whitespace: true, message: 'Please enter the full name' }]}
          >
            <Input maxLength={120} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
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
        rules={[{ required: true, message: 'Please enter a password' }]}
        extra="The security policy decides what a password needs."
      >
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Role" name="role">
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Department" name="department">
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Timezone" name="timezone">
            <Select showSearch options={timezones} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Language" name="language">
            <Select options={LANGUAGE_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
