import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../shared/NotFoundPage';
import { PageLoading } from '../shared/PageLoading';
import { RouteErrorPage } from '../shared/RouteErrorPage';
import { MainLayout } from './layout/MainLayout';
import { NAV_ITEMS, type PageKey } from './navigation';
import { RouteGuard } from './RouteGuard';
import { SessionGate } from './SessionGate';

/** Each screen is its own chunk, fetched on first visit. */
const PAGES: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../features/dashboard/DashboardPage')),
  leads: lazy(() => import('../features/leads/LeadsPage')),
  quotes: lazy(() => import('../features/quotes/QuotesPage')),
  documents: lazy(() => import('../features/documents/DocumentsPage')),
  integrations: lazy(() => import('../features/integrations/IntegrationsPage')),
  tasks: lazy(() => import('../features/tasks/TasksPage')),
  workflows: lazy(() => import('../features/workflows/WorkflowsPage')),
  team: lazy(() => import('../features/team/TeamPage')),
  users: lazy(() => import('../features/users/UsersPage')),
  calendar: lazy(() => import('../features/calendar/CalendarPage')),
  monitoring: lazy(() => import('../features/monitoring/MonitoringPage')),
  settings: lazy(() => import('../features/settings/SettingsPage')),
};

/** Public: the customer's quote link, shown without signing in. */
const CustomerQuotePage = lazy(() => import('../features/customerQuote/CustomerQuotePage'));

const screenRoutes: RouteObject[] = NAV_ITEMS.map(({ key, path, access, deniedMessage }) => {
  const Page = PAGES[key];
  const element = (
    <RouteGuard level={access} deniedMessage={deniedMessage}>
      <Page />
    </RouteGuard>
  );
  return path === '/' ? { index: true, element } : { path: path.slice(1), element };
});

export const appRoutes: RouteObject[] = [
  {
    path: '/quote/:token',
    element: <SessionGate publicPage />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: (
          <Suspense fallback={<PageLoading />}>
            <CustomerQuotePage />
          </Suspense>
        ),
      },
    ],
  },
  {
    path: '/',
    element: <SessionGate />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { errorElement: <RouteErrorPage />, children: [...screenRoutes, { path: '*', element: <NotFoundPage /> }] },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
