import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MenuOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Flex, Layout, Tag, Typography, theme } from 'antd';
import { CHAT_HEADER_SLOT_ID } from '../../features/assistant/chatConstants';
import { useAssistantStatus } from '../../features/assistant/useAssistantStatus';
import { loggedOut, selectCurrentUser } from '../../features/auth/authSlice';
import { useGetBrandingQuery } from '../../features/settings/uiConfigApi';
import { SUITE_TITLE } from '../../shared/brand';
import { UserAvatar } from '../../shared/UserAvatar';
import { shellSizes } from '../../theme/tokens';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { UserMenu } from './UserMenu';

interface AppHeaderProps {
  /** Phones: the navigation is a drawer and the user's details sit in a menu. */
  phone: boolean;
  /** Whether the sidebar is open (or, on phones, the navigation drawer). */
  navOpen: boolean;
  navId?: string;
  onToggleNav: () => void;
}

/** Whether the assistant answers, in the header's words: 'AI Active' or 'AI unavailable'. */
function AssistantBadge() {
  const status = useAssistantStatus();
  return status === 'online' ? (
    <Tag color="success" icon={<ThunderboltOutlined />}>
      AI Active
    </Tag>
  ) : (
    <Tag color="default" icon={<ThunderboltOutlined />} title="The AI assistant is not available right now">
      AI unavailable
    </Tag>
  );
}

/** Whose workspace this is: the company name an admin set (nothing while unknown). */
function CompanyName({ phone }: { phone: boolean }) {
  const { data } = useGetBrandingQuery();
  const name = data?.company_name?.trim();
  if (!name) return null;
  return (
    <Typography.Text
      type="secondary"
      strong
      ellipsis={{ tooltip: name }}
      data-testid="company-name"
      style={{ minWidth: 0, maxWidth: phone ? 120 : 280 }}
    >
      {name}
    </Typography.Text>
  );
}

/** Suite title, the company's name, the assistant's availability, the signed-in user and Logout. */
export function AppHeader({ phone, navOpen, navId, onToggleNav }: AppHeaderProps) {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const logout = () => dispatch(loggedOut());

  const navLabel = phone
    ? navOpen
      ? 'Close navigation'
      : 'Open navigation'
    : navOpen
      ? 'Collapse sidebar'
      : 'Expand sidebar';
  const navIcon = phone ? <MenuOutlined /> : navOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />;

  return (
    <Layout.Header
      style={{
        height: shellSizes.headerHeight,
        paddingInline: phone ? token.paddingSM : token.paddingLG,
        background: token.colorBgContainer,
        borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" gap={phone ? 'small' : 'middle'} style={{ height: '100%' }}>
        <Flex align="center" gap={phone ? 'small' : 'middle'} style={{ minWidth: 0 }}>
          <Button
            type="text"
            icon={navIcon}
            aria-label={navLabel}
            aria-expanded={navOpen}
            aria-controls={phone && navOpen ? navId : undefined}
            onClick={onToggleNav}
          />
          <Typography.Title level={phone ? 5 : 4} ellipsis style={{ margin: 0, minWidth: 0 }}>
            {SUITE_TITLE}
          </Typography.Title>
          <CompanyName phone={phone} />
          {phone ? null : <AssistantBadge />}
        </Flex>
        {user && phone ? (
          <Flex align="center" gap="small" style={{ flexShrink: 0 }}>
            {/* The chat button on phones (ChatWidget puts it here). */}
            <span id={CHAT_HEADER_SLOT_ID} style={{ display: 'contents' }} />
            <UserMenu user={user} onLogout={logout} />
          </Flex>
        ) : null}
        {user && !phone ? (
          <Flex align="center" gap="middle" style={{ flexShrink: 0 }}>
            <Flex align="center" gap="small">
              <UserAvatar name={user.name} size="small" />
              <Typography.Text strong>{user.name}</Typography.Text>
            </Flex>
            <Button icon={<LogoutOutlined />} aria-label="Logout" onClick={logout}>
              Logout
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Layout.Header>
  );
}
