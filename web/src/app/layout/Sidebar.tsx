import { hasAccess } from '@sixa/contracts/src/routes';
import { Flex, Layout, Menu, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectCurrentUser } from '../../features/auth/authSlice';
import { PRODUCT_NAME } from '../../shared/brand';
import { shellSizes } from '../../theme/tokens';
import { useAppSelector } from '../hooks';
import { NAV_ITEMS, navItemFor } from '../navigation';
import { SidebarUser } from './SidebarUser';
import { ThemeToggle } from './ThemeToggle';

/**
 * Wide when open, narrow when collapsed (antd shows each entry's label as a tooltip then).
 * Admin-only entries are left out for other roles.
 */
interface SidebarProps {
  collapsed: boolean;
  /** Called with true when the window becomes narrower than the md breakpoint, false when wider. */
  onBreakpoint: (narrow: boolean) => void;
}

export function Sidebar({ collapsed, onBreakpoint }: SidebarProps) {
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const { token } = theme.useToken();

  const items = useMemo(
    () =>
      NAV_ITEMS.filter((item) => hasAccess(user?.role, item.access)).map((item) => ({
        key: item.key,
        icon: item.icon,
        label: <Link to={item.path}>{item.label}</Link>,
        title: item.label,
      })),
    [user?.role],
  );
  const selected = navItemFor(pathname);

  return (
    <Layout.Sider
      theme="light"
      collapsed={collapsed}
      width={shellSizes.sidebarOpen}
      collapsedWidth={shellSizes.sidebarCollapsed}
      trigger={null}
      breakpoint="md"
      onBreakpoint={onBreakpoint}
      style={{
        borderInlineEnd: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflow: 'auto',
      }}
    >
      <Flex vertical style={{ height: '100%' }}>
        <Flex align="center" justify="center" style={{ height: shellSizes.headerHeight, flexShrink: 0 }}>
          <Typography.Text strong style={{ fontSize: token.fontSizeXL, color: token.colorPrimary }}>
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
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
        <ThemeToggle collapsed={collapsed} />
      </Flex>
    </Layout.Sider>
  );
}
