import { hasAccess, type AccessLevel } from '@sixa/contracts/src/routes';
import type { ReactNode } from 'react';
import { selectCurrentUser } from '../features/auth/authSlice';
import { StatusView } from '../shared/StatusView';
import { usePageTitle } from '../shared/usePageTitle';
import { useAppSelector } from './hooks';
import { DEFAULT_DENIED_MESSAGE } from './navigation';

interface RouteGuardProps {
  level: AccessLevel;
  deniedMessage?: string;
  children: ReactNode;
}

/** Shows the screen only to users whose role meets its access level (spec, section 6). */
export function RouteGuard({ level, deniedMessage = DEFAULT_DENIED_MESSAGE, children }: RouteGuardProps) {
  const user = useAppSelector(selectCurrentUser);
  if (hasAccess(user?.role, level)) return <>{children}</>;
  return <AccessDenied message={deniedMessage} />;
}

function AccessDenied({ message }: { message: string }) {
  usePageTitle('Access Denied');
  return <StatusView code="403" title="Access Denied" subtitle={message} />;
}
