import { Flex, Spin, Typography, theme } from 'antd';
import { PRODUCT_NAME } from './brand';

export const LOADING_TEXT = 'Setting up your AI-powered business platform...';

/** Full-screen view while the app initialises or the stored session is being checked. */
export function LoadingScreen() {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={token.marginLG}
      role="status"
      aria-live="polite"
      style={{ minHeight: '100vh', background: token.colorBgLayout }}
    >
      <Spin size="large" />
      <Typography.Title level={1} style={{ margin: 0, color: token.colorPrimary }}>
        {PRODUCT_NAME} AI Workspace
      </Typography.Title>
      <Typography.Text type="secondary">{LOADING_TEXT}</Typography.Text>
    </Flex>
  );
}
