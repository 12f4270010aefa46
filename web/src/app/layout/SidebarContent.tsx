import { hasAccess } from '@sixa/contracts/browser';
import { Flex, Menu, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectCurrentUser } from '../../features/auth/authSlice';
import { NotificationSettings } from '../../features/auth/NotificationSettings';
import { hiddenMenuKeys } from '../../features/settings/uiConfig';
import { useGetMenuConfigQuery } from '../../features/settings/uiConfigApi';
import { PRODUCT_NAME } from '../../shared/brand';
import { shellSizes } from '../../theme/tokens';
import { useAppSelector } from '../../shared/hooks';
import { NAV_ITEMS, navItemFor } from '../navigation';
import { NAV_ICONS } from './navIcons';
import { SidebarUser } from './SidebarUser';
import { ThemeToggle } from './ThemeToggle';

interface SidebarContentProps {
  collapsed: boolean;
  /** Called after an entry is picked (the phone drawer closes then). */
  onNavigate?: () => void;
}

/**
 * What the sidebar holds, on wide screens (a sider) and on phones (a drawer): the product name, the
 * signed-in user while open, the entries this role may use, their notification e-mails and the
 * light/dark switch.
 */
export function SidebarContent({ collapsed, onNavigate }: SidebarContentProps) {
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  // The role's menu configuration hides entries (tidiness only: access is the server's). Until it
  // has arrived, or when it cannot be read, every entry the role may use shows.
  const { data: menuConfig } = useGetMenuConfigQuery(user?.role ?? '', { skip: !user });
  const hidden = useMemo(() => hiddenMenuKeys(menuConfig), [menuConfig]);

  const items = useMemo(
    () =>
      NAV_ITEMS.filter((item) => hasAccess(user?.role, item.access) && !hidden.has(item.key)).map((item) => ({
        key: item.key,
        icon: NAV_ICONS[item.key],
        label: <Link to={item.path}>{item.label}</Link>,
        title: item.label,
      })),
    [user?.role, hidden],
  );
  const selected = navItemFor(pathname);

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex align="center" justify="center" style={{ height: shellSizes.headerHeight, flexShrink: 0 }}>
        <Typography.Text strong style={{ fontSize: token.fontSizeXL, color: token.colorPrimaryText }}>
          {collapsed ? PRODUCT_NAME.charAt(0) : PRODUCT_NAME}
        </Typography.Text>
      </Flex>
      {!collapsed && user ? <SidebarUser user={user} /> : null}
      <nav aria-label="Main navigation" style={{ flex: 1 }}>
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={selected ? [selected.key] : []}
          items={items}
          onClick={onNavigate}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
      <NotificationSettings collapsed={collapsed} />
      <ThemeToggle collapsed={collapsed} />
    </Flex>
  );
}
