import { Card, Flex, Typography, theme } from 'antd';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../shared/brand';
import { usePageTitle } from '../../shared/usePageTitle';
import { LoginForm } from './LoginForm';

/** Shown whenever nobody is signed in, whatever the address. */
export function LoginPage() {
  usePageTitle('Sign In');
  const { token } = theme.useToken();

  return (
    <Flex
      component="main"
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: token.paddingLG, background: token.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Flex vertical align="center" style={{ marginBottom: token.marginLG }}>
          <Typography.Title level={1} style={{ margin: 0, color: token.colorPrimary }}>
            {PRODUCT_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">{PRODUCT_TAGLINE}</Typography.Text>
        </Flex>
        <LoginForm />
      </Card>
    </Flex>
  );
}
