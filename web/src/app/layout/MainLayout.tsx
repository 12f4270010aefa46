import { READ_ONLY_ROLE_DETAIL, isReadOnlyRole } from '@sixa/contracts/browser';
import { Alert, Grid, Layout, theme } from 'antd';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectCurrentUser } from '../../features/auth/authSlice';
import { ChatWidget } from '../../features/assistant/ChatWidget';
import { RoleContext } from '../../shared/access';
import { ErrorNotices } from '../../shared/ErrorNotices';
import { OpenedOnce } from '../../shared/OpenedOnce';
import { PageLoading } from '../../shared/PageLoading';
import { ThemeProvider } from '../../theme/ThemeProvider';
import { shellSizes } from '../../theme/tokens';
import { useAppSelector } from '../../shared/hooks';
import { AppHeader } from './AppHeader';
import { Sidebar } from './Sidebar';

/** Phones only: the navigation drawer's code is fetched when it first opens. */
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));

/** The workspace in antd's theme (which this chunk brings: the login page does not load antd). */
export function MainLayout() {
  return (
    <ThemeProvider>
      <Workspace />
    </ThemeProvider>
  );
}

/**
 * Sidebar, header, the current screen and the assistant chat (spec: main layout). On phones (below
 * antd's md breakpoint) the sidebar is a drawer over the screen, so the screen keeps its full width.
 */
function Workspace() {
  const screens = Grid.useBreakpoint();
  // Unknown before the first measure: the wide layout, as before.
  const phone = screens.md === false;
  // Open by default; narrower windows start collapsed (the sidebar reports its breakpoint).
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const role = useAppSelector(selectCurrentUser)?.role ?? null;

  useEffect(() => setDrawerOpen(false), [pathname, phone]);

  const gutter = phone ? token.paddingSM : token.paddingLG;
  return (
    <RoleContext.Provider value={role}>
      <Layout style={{ minHeight: '100vh' }}>
        {phone ? (
          <OpenedOnce open={drawerOpen}>
            <NavDrawer id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
          </OpenedOnce>
        ) : (
          <Sidebar collapsed={collapsed} onBreakpoint={setCollapsed} />
        )}
        <Layout style={{ minWidth: 0 }}>
          {/* The header and the notices under it stay in view; notices push the screen down, never cover it. */}
          <div style={{ position: 'sticky', top: 0, zIndex: 10 }}>
            <AppHeader
              phone={phone}
              navOpen={phone ? drawerOpen : !collapsed}
              navId={drawerId}
              onToggleNav={() => (phone ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value))}
            />
            <ErrorNotices />
          </div>
          <Layout.Content
            style={{
              // Longhands only: React would let a changed `padding` shorthand wipe out `paddingBottom`.
              paddingTop: gutter,
              paddingLeft: gutter,
              // Wide screens: a strip at the right kept free for the round chat button, which so never
              // lies over the screen (phones have it in the header).
              paddingRight: phone ? gutter : shellSizes.chatGutter,
              paddingBottom: gutter,
              minWidth: 0,
            }}
          >
            {isReadOnlyRole(role) ? (
              <Alert
                type="info"
                showIcon
                title="Read-only access"
                description={`${READ_ONLY_ROLE_DETAIL} Every screen of the role opens; its buttons for changes are turned off.`}
                style={{ marginBottom: token.marginLG }}
              />
            ) : null}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
        <ChatWidget docked={phone} />
      </Layout>
    </RoleContext.Provider>
  );
}
