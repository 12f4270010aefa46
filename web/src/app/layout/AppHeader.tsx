import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Layout, Tag, Typography, theme } from 'antd';
import { loggedOut, selectCurrentUser } from '../../features/auth/authSlice';
import { SUITE_TITLE } from '../../shared/brand';
import { UserAvatar } from '../../shared/UserAvatar';
import { shellSizes } from '../../theme/tokens';
import { useAppDispatch, useAppSelector } from '../hooks';

interface AppHeaderProps {
  collapsed: boolean;
  onToggleSidebar: () => void;
}

/** Suite title, 'AI Active' badge, the signed-in user and Logout. */
export function AppHeader({ collapsed, onToggleSidebar }: AppHeaderProps) {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.md);

  return (
    <Layout.Header
      style={{
        height: shellSizes.headerHeight,
        paddingInline: token.paddingLG,
        background: token.colorBgContainer,
        borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" gap="middle" style={{ height: '100%' }}>
        <Flex align="center" gap="middle" style={{ minWidth: 0 }}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={onToggleSidebar}
          />
          <Typography.Title level={4} ellipsis style={{ margin: 0 }}>
            {SUITE_TITLE}
          </Typography.Title>
          {wide ? (
            <Tag color="success" icon={<ThunderboltOutlined />}>
              AI Active
            </Tag>
          ) : null}
        </Flex>
        {user ? (
          <Flex align="center" gap="middle">
            <Flex align="center" gap="small">
              <UserAvatar name={user.name} size="small" />
              {wide ? <Typography.Text strong>{user.name}</Typography.Text> : null}
            </Flex>
            <Button icon={<LogoutOutlined />} aria-label="Logout" onClick={() => dispatch(loggedOut())}>
              {wide ? 'Logout' : null}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Layout.Header>
  );
}
