import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { errorMessage } from '../../shared/apiError';
import { LOGIN_FAILED, useLoginMutation, type Credentials } from './authApi';
import { selectSessionExpired } from './authSlice';
import { DemoAccess } from './DemoAccess';
import type { DemoAccount } from './demoAccounts';

/** Email and password; Enter or 'Sign In' submits. Failures show in the error box. */
export function LoginForm() {
  const [form] = Form.useForm<Credentials>();
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const { token } = theme.useToken();
  const expired = useAppSelector(selectSessionExpired);

  const signIn = async (values: Credentials) => {
    setError(null);
    try {
      await login({ email: values.email.trim(), password: values.password }).unwrap();
    } catch (caught) {
      setError(errorMessage(caught, LOGIN_FAILED));
    }
  };

  const fillWith = (account: DemoAccount) => {
    form.setFieldsValue({ email: account.email, password: account.password });
    setError(null);
  };

  return (
    <>
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={signIn}
        // The error was about what was typed before: editing the fields clears it.
        onValuesChange={() => setError(null)}
        disabled={isLoading}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter your email' },
            { type: 'email', message: 'Please enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="username" prefix={<MailOutlined />} placeholder="you@company.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password autoComplete="current-password" prefix={<LockOutlined />} placeholder="Your password" />
        </Form.Item>
        {expired && !error ? (
          <Alert
            type="info"
            showIcon
            role="status"
            title="Your session has ended. Please sign in again."
            style={{ marginBottom: token.margin }}
          />
        ) : null}
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: token.margin }} /> : null}
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          {isLoading ? 'Signing In...' : 'Sign In'}
        </Button>
      </Form>
      <DemoAccess onPick={fillWith} />
    </>
  );
}
