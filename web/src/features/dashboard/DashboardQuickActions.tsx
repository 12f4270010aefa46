import { ApartmentOutlined, FileTextOutlined, RobotOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

const ACTIONS: Array<{ label: string; to: string; icon: ReactNode }> = [
  { label: 'Train AI Bot', to: '/settings', icon: <RobotOutlined /> },
  { label: 'Create Workflow', to: '/workflows', icon: <ApartmentOutlined /> },
  { label: 'Generate Leads', to: '/leads', icon: <UserAddOutlined /> },
  { label: 'Create Document', to: '/documents', icon: <FileTextOutlined /> },
];

/** The spec's Quick Actions: shortcuts to Settings, Workflows, Leads and Documents. */
export function DashboardQuickActions() {
  const navigate = useNavigate();
  return (
    <Row gutter={[12, 12]}>
      {ACTIONS.map((action) => (
        <Col key={action.to} xs={12}>
          <Button block size="large" icon={action.icon} onClick={() => navigate(action.to)}>
            {action.label}
          </Button>
        </Col>
      ))}
    </Row>
  );
}
