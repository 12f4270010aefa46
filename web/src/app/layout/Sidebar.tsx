import { Layout, theme } from 'antd';
import { shellSizes } from '../../theme/tokens';
import { SidebarContent } from './SidebarContent';

interface SidebarProps {
  collapsed: boolean;
  /** Called with true when the window becomes narrower than the lg breakpoint, false when wider. */
  onBreakpoint: (narrow: boolean) => void;
}

/**
 * The sidebar of tablets and desktops: wide when open, narrow when collapsed (antd shows each
 * entry's label as a tooltip then). Phones get the same content in a drawer (NavDrawer).
 */
export function Sidebar({ collapsed, onBreakpoint }: SidebarProps) {
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      theme="light"
      collapsed={collapsed}
      width={shellSizes.sidebarOpen}
      collapsedWidth={shellSizes.sidebarCollapsed}
      trigger={null}
      breakpoint="lg"
      onBreakpoint={onBreakpoint}
      style={{
        borderInlineEnd: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflow: 'auto',
      }}
    >
      <SidebarContent collapsed={collapsed} />
    </Layout.Sider>
  );
}
