import { MENU_LABELS, hasAccess, type AccessLevel, type MenuKey } from '@sixa/contracts/browser';
import { useRef, type ReactNode } from 'react';
import { selectCurrentUser } from '../features/auth/authSlice';
import { ROLE_LABELS } from '../features/settings/settingsLabels';
import { hiddenMenuKeys } from '../features/settings/uiConfig';
import { useGetMenuConfigQuery } from '../features/settings/uiConfigApi';
import { PageLoading } from '../shared/PageLoading';
import { StatusView } from '../shared/StatusView';
import { usePageTitle } from '../shared/usePageTitle';
import { useAppSelector } from '../shared/hooks';
import { DEFAULT_DENIED_MESSAGE } from './navigation';

interface RouteGuardProps {
  /** The screen, as the menu configuration names it. */
  screen: MenuKey;
  level: AccessLevel;
  deniedMessage?: string;
  children: ReactNode;
}

/**
 * Shows the screen only to users whose role meets its access level (the server's table; spec,
 * section 6), and whose role's menu configuration has not turned it off (Settings > UI Customization):
 * what the sidebar hides does not open by its address either.
 */
export function RouteGuard({ screen, level, deniedMessage = DEFAULT_DENIED_MESSAGE, children }: RouteGuardProps) {
  const user = useAppSelector(selectCurrentUser);
  const allowed = hasAccess(user?.role, level);
  // The same request the sidebar makes (one cache entry). Unreadable: nothing is turned off, as there.
  const menu = useGetMenuConfigQuery(user?.role ?? '', { skip: !user || !allowed });
  // Waits for the first answer only: a query that failed is fetched again when another part of the
  // page asks for it (the sidebar), and the screen must not unmount (losing what it holds) meanwhile.
  const answered = useRef(false);
  if (menu.isSuccess || menu.isError) answered.current = true;
  if (!allowed) return <AccessDenied message={deniedMessage} />;
  if (menu.isLoading && !answered.current) return <PageLoading />;
  if (user && hiddenMenuKeys(menu.data).has(screen)) return <TurnedOff screen={screen} role={ROLE_LABELS[user.role]} />;
  return <>{children}</>;
}

function AccessDenied({ message }: { message: string }) {
  usePageTitle('Access Denied');
  return <StatusView code="403" title="Access Denied" subtitle={message} />;
}

function TurnedOff({ screen, role }: { screen: MenuKey; role: string }) {
  usePageTitle('Turned off');
  return (
    <StatusView
      code="Off"
      title={`${MENU_LABELS[screen]} is turned off for the ${role} role`}
      subtitle="An admin turns screens on and off for each role in Settings › UI Customization › Menu Configuration."
    />
  );
}
