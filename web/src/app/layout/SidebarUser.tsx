import type { User } from '@sixa/contracts/browser';
import { Flex, Typography, theme } from 'antd';
import { UserAvatar } from '../../shared/UserAvatar';

/** The signed-in user, shown while the sidebar is open. */
export function SidebarUser({ user }: { user: User }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap="small"
      style={{
        margin: token.marginSM,
        padding: token.paddingSM,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        minWidth: 0,
      }}
    >
      <UserAvatar name={user.name} src={user.avatar} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis={{ tooltip: user.name }}>
          {user.name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: user.email }} style={{ fontSize: token.fontSizeSM }}>
          {user.email}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
