import {
  ApiOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FundOutlined,
  RobotOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { AccessLevel } from '@sixa/contracts';
import type { ReactNode } from 'react';

export type PageKey =
  | 'dashboard'
  | 'leads'
  | 'quotes'
  | 'documents'
  | 'integrations'
  | 'tasks'
  | 'workflows'
  | 'team'
  | 'users'
  | 'calendar'
  | 'monitoring'
  | 'settings';

export interface NavItem {
  key: PageKey;
  label: string;
  path: string;
  access: AccessLevel;
  icon: ReactNode;
  /** What a refused visitor reads, when the screen has its own wording. */
  deniedMessage?: string;
}

/** The routes of the spec, in sidebar order (part 1, section 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/', access: 'any', icon: <DashboardOutlined /> },
  { key: 'leads', label: 'Lead Generation', path: '/leads', access: 'any', icon: <UsergroupAddOutlined /> },
  { key: 'quotes', label: 'Quoting Tool', path: '/quotes', access: 'any', icon: <FundOutlined /> },
  { key: 'documents', label: 'Document Center', path: '/documents', access: 'any', icon: <FileTextOutlined /> },
  { key: 'integrations', label: 'Integrations Hub', path: '/integrations', access: 'any', icon: <ApiOutlined /> },
  { key: 'tasks', label: 'Task Management', path: '/tasks', access: 'any', icon: <CheckSquareOutlined /> },
  { key: 'workflows', label: 'Workflow Automation', path: '/workflows', access: 'any', icon: <RobotOutlined /> },
  { key: 'team', label: 'Team Management', path: '/team', access: 'admin', icon: <TeamOutlined /> },
  {
    key: 'users',
    label: 'User Management',
    path: '/users',
    access: 'admin',
    icon: <UserOutlined />,
    deniedMessage: "You don't have permission to access user management.",
  },
  { key: 'calendar', label: 'Calendar', path: '/calendar', access: 'any', icon: <CalendarOutlined /> },
  { key: 'monitoring', label: 'Network Monitoring', path: '/monitoring', access: 'any', icon: <BarChartOutlined /> },
  { key: 'settings', label: 'Settings', path: '/settings', access: 'admin', icon: <SettingOutlined /> },
];

export const DEFAULT_DENIED_MESSAGE = "You don't have permission to access this feature.";

/** The nav entry a location belongs to ('/users/42' -> User Management). */
export function navItemFor(pathname: string): NavItem | undefined {
  if (pathname === '/') return NAV_ITEMS[0];
  return NAV_ITEMS.find(
    (item) => item.path !== '/' && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  );
}
