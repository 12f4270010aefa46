import { Layout, theme } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ChatWidget } from '../../features/assistant/ChatWidget';
import { PageLoading } from '../../shared/PageLoading';
import { AppHeader } from './AppHeader';
import { Sidebar } from './Sidebar';

/** Sidebar, header, the current screen and the assistant chat (spec: main layout). */
export function MainLayout() {
  // Open by default; narrow screens start collapsed (the sidebar reports its breakpoint).
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar collapsed={collapsed} onBreakpoint={setCollapsed} />
      <Layout>
        <AppHeader collapsed={collapsed} onToggleSidebar={() => setCollapsed((value) => !value)} />
        <Layout.Content style={{ padding: token.paddingLG }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <ChatWidget />
    </Layout>
  );
}
