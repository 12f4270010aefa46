import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../shared/LoadingScreen';
import { NotFoundPage } from '../shared/NotFoundPage';
import { PageLoading } from '../shared/PageLoading';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { CUSTOMER_QUOTE_ROUTE } from '../features/customerQuote/customerQuoteRoute';
import { SIGNING_ROUTE } from '../features/signing/signingRoute';
import { RESET_PASSWORD_ROUTE } from '../features/auth/resetPasswordRoute';
import { CALLBACK_PATH } from '../features/integrations/oauthFlow';
import { NAV_ITEMS, navItemFor, type PageKey } from './navigation';
import { RouteGuard } from './RouteGuard';
import { LOGIN_PATH, LoginGate, SessionGate } from './SessionGate';

/**
 * The signed-in shell (sidebar, header, assistant chat) is a chunk of its own: the login page,
 * the first thing a visitor loads, does not carry it.
 */
const loadMainLayout = () => import('./layout/MainLayout');
const MainLayout = lazy(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));

/** Each screen is its own chunk, fetched on first visit. */
const PAGE_MODULES: Record<PageKey, () => Promise<{ default: ComponentType }>> = {
  dashboard: () => import('../features/dashboard/DashboardPage'),
  leads: () => import('../features/leads/LeadsPage'),
  quotes: () => import('../features/quotes/QuotesPage'),
  documents: () => import('../features/documents/DocumentsPage'),
  integrations: () => import('../features/integrations/IntegrationsPage'),
  tasks: () => import('../features/tasks/TasksPage'),
  workflows: () => import('../features/workflows/WorkflowsPage'),
  team: () => import('../features/team/TeamPage'),
  users: () => import('../features/users/UsersPage'),
  calendar: () => import('../features/calendar/CalendarPage'),
  monitoring: () => import('../features/monitoring/MonitoringPage'),
  settings: () => import('../features/settings/SettingsPage'),
};
const PAGES = Object.fromEntries(Object.entries(PAGE_MODULES).map(([key, load]) => [key, lazy(load)])) as Record<
  PageKey,
  LazyExoticComponent<ComponentType>
>;

/**
 * With a stored session, the shell and the screen at `pathname` are what the page shows next:
 * fetching their code now overlaps it with the start-up calls and the session check instead of
 * waiting for them. A failure here is left to the screen's own load, which shows it.
 */
export function preloadSignedInScreen(pathname: string): void {
  const item = navItemFor(pathname);
  if (!item) return;
  for (const load of [loadMainLayout(), PAGE_MODULES[item.key]()]) load.catch(() => undefined);
}

/** Public: the customer's quote link, shown without signing in. */
const CustomerQuotePage = lazy(() => import('../features/customerQuote/CustomerQuotePage'));
/** Public: a signer's link to a document sent for signature. */
const SigningPage = lazy(() => import('../features/signing/SigningPage'));

/** Public: the page a password reset e-mail links to. */
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));

/** Where an OAuth provider sends the user back (a popup's page): signed in, outside the shell. */
const OAuthCallbackPage = lazy(() => import('../features/integrations/OAuthCallbackPage'));

/** A page for visitors without an account (a customer, a signer), outside the signed-in shell. */
function publicRoute(path: string, Page: LazyExoticComponent<ComponentType>): RouteObject {
  return {
    path,
    element: (
      <RouteErrorBoundary>
        <SessionGate publicPage />
      </RouteErrorBoundary>
    ),
    children: [
      {
        index: true,
        element: (
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        ),
      },
    ],
  };
}

const OAUTH_CALLBACK_ROUTE = CALLBACK_PATH.slice(1);

const screenRoutes: RouteObject[] = NAV_ITEMS.map(({ key, path, access, deniedMessage }) => {
  const Page = PAGES[key];
  const element = (
    <RouteGuard screen={key} level={access} deniedMessage={deniedMessage}>
      <Page />
    </RouteGuard>
  );
  return path === '/' ? { index: true, element } : { path: path.slice(1), element };
});

/**
 * The app's routes (declarative routing: the data comes from RTK Query, so none of the data router's
 * loaders and actions, and none of its weight on the first page). A failing screen shows the error
 * page inside the workspace, which stays usable.
 */
export const appRoutes: RouteObject[] = [
  {
    path: LOGIN_PATH,
    element: (
      <RouteErrorBoundary>
        <LoginGate />
      </RouteErrorBoundary>
    ),
  },
  publicRoute(CUSTOMER_QUOTE_ROUTE, CustomerQuotePage),
  publicRoute(SIGNING_ROUTE, SigningPage),
  publicRoute(RESET_PASSWORD_ROUTE, ResetPasswordPage),
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <SessionGate />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: OAUTH_CALLBACK_ROUTE,
        element: (
          <Suspense fallback={<PageLoading />}>
            <OAuthCallbackPage />
          </Suspense>
        ),
      },
      {
        element: (
          <Suspense fallback={<LoadingScreen />}>
            <MainLayout />
          </Suspense>
        ),
        children: [
          {
            element: (
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            ),
            children: [...screenRoutes, { path: '*', element: <NotFoundPage /> }],
          },
        ],
      },
    ],
  },
];

/** The page for the current address (inside a BrowserRouter, or a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
