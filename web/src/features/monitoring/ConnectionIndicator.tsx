import { Flex, Typography, theme } from 'antd';

/** The live stream's state: a green or red dot titled Connected or Disconnected (and said in words). */
export function ConnectionIndicator({ connected }: { connected: boolean }) {
  const { token } = theme.useToken();
  const label = connected ? 'Connected' : 'Disconnected';
  return (
    <Flex align="center" gap="small" aria-live="polite">
      <span
        role="img"
        aria-label={label}
        title={label}
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: connected ? token.colorSuccess : token.colorError,
          boxShadow: `0 0 0 3px ${connected ? token.colorSuccessBg : token.colorErrorBg}`,
        }}
      />
      <Typography.Text type="secondary" aria-hidden>
        {label}
      </Typography.Text>
    </Flex>
  );
}
