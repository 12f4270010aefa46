import { DatabaseOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useFeedback } from '../../theme/Feedback';
import { PageHeader } from '../../shared/PageHeader';
import { AiConfigurationTab } from './AiConfigurationTab';
import { BusinessRulesTab } from './BusinessRulesTab';
import { IntegrationSettingsTab } from './IntegrationSettingsTab';
import { SecurityBackupTab } from './SecurityBackupTab';
import { SETTINGS_SUCCESS, useInitializeSettingsSampleDataMutation } from './settingsApi';
import { SystemSettingsTab } from './SystemSettingsTab';
import { UiCustomizationTab } from './UiCustomizationTab';
import { UserManagementTab } from './UserManagementTab';

/** The seven tabs of the spec, in its order. */
export const SETTINGS_TABS = [
  { key: 'users', label: 'User Management', content: <UserManagementTab /> },
  { key: 'system', label: 'System Settings', content: <SystemSettingsTab /> },
  { key: 'security', label: 'Security & Backup', content: <SecurityBackupTab /> },
  { key: 'ai', label: 'AI Configuration', content: <AiConfigurationTab /> },
  { key: 'integrations', label: 'Integration Settings', content: <IntegrationSettingsTab /> },
  { key: 'rules', label: 'Business Rules', content: <BusinessRulesTab /> },
  { key: 'ui', label: 'UI Customization', content: <UiCustomizationTab /> },
] as const satisfies ReadonlyArray<{ key: string; label: string; content: ReactNode }>;

type SettingsTabKey = (typeof SETTINGS_TABS)[number]['key'];

/** Settings & Configuration (admin only: the route guard refuses everyone else). */
export default function SettingsPage() {
  const [tab, setTab] = useState<SettingsTabKey>('users');
  const [initialize, { isLoading: initializing }] = useInitializeSettingsSampleDataMutation();
  const { message } = useFeedback();

  const initializeSampleData = async () => {
    try {
      await initialize().unwrap();
      message.success(SETTINGS_SUCCESS.sampleData);
    } catch {
      // shown by the API error listener
    }
  };

  return (
    <>
      <PageHeader
        title="Settings & Configuration"
        subtitle="Users, system behaviour, security, AI, integrations, business rules and the workspace's look"
        extra={
          <Button icon={<DatabaseOutlined />} loading={initializing} onClick={() => void initializeSampleData()}>
            Initialize Sample Data
          </Button>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as SettingsTabKey)}
          items={SETTINGS_TABS.map(({ key, label, content }) => ({ key, label, children: content }))}
        />
      </Card>
    </>
  );
}
