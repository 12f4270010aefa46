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
import type { ReactNode } from 'react';
import type { PageKey } from '../navigation';

/** The sidebar's icon for each screen (apart from the routes, which the login page loads too). */
export const NAV_ICONS: Record<PageKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  leads: <UsergroupAddOutlined />,
  quotes: <FundOutlined />,
  documents: <FileTextOutlined />,
  integrations: <ApiOutlined />,
  tasks: <CheckSquareOutlined />,
  workflows: <RobotOutlined />,
  team: <TeamOutlined />,
  users: <UserOutlined />,
  calendar: <CalendarOutlined />,
  monitoring: <BarChartOutlined />,
  settings: <SettingOutlined />,
};
