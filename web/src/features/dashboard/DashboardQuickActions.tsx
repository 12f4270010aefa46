import { ApartmentOutlined, FileTextOutlined, RightOutlined, RobotOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

const ACTIONS: Array<{ label: string; description: string; to: string; icon: ReactNode }> = [
  { label: 'Train AI Bot', description: 'Teach SIXA about your business', to: '/settings', icon: <RobotOutlined /> },
  {
    label: 'Create Workflow',
    description: 'Automate a repetitive process',
    to: '/workflows',
    icon: <ApartmentOutlined />,
  },
  { label: 'Generate Leads', description: 'Find and score new prospects', to: '/leads', icon: <UserAddOutlined /> },
  {
    label: 'Create Document',
    description: 'Draft a contract or proposal',
    to: '/documents',
    icon: <FileTextOutlined />,
  },
];

/** The spec's Quick Actions: shortcuts to Settings, Workflows, Leads and Documents. */
export function DashboardQuickActions() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Flex vertical gap="small">
      {ACTIONS.map((action) => (
        <Button
          key={action.to}
          block
          onClick={() => navigate(action.to)}
          style={{
            height: 'auto',
            justifyContent: 'flex-start',
            gap: token.marginSM,
            padding: `${token.paddingSM}px ${token.padding}px`,
            borderRadius: token.borderRadiusLG,
            textAlign: 'start',
            whiteSpace: 'normal',
          }}
        >
          <Flex
            align="center"
            justify="center"
            aria-hidden
            style={{
              width: 36,
              height: 36,
              flex: 'none',
              borderRadius: token.borderRadius,
              background: token.colorPrimaryBg,
              color: token.colorPrimary,
              fontSize: token.fontSizeLG,
            }}
          >
            {action.icon}
          </Flex>
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong>{action.label}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {action.description}
            </Typography.Text>
          </Flex>
          <RightOutlined aria-hidden style={{ color: token.colorTextQuaternary }} />
        </Button>
      ))}
    </Flex>
  );
}
