import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectCurrentUser, selectSessionChecking, selectSessionExpired } from '../features/auth/authSlice';
import { LoginPage } from '../features/auth/LoginPage';
import { LoadingScreen } from '../shared/LoadingScreen';
import { selectAppReady } from './appSlice';
import { useAppSelector } from '../shared/hooks';

export const LOGIN_PATH = '/login';

/** What the gate hands the login screen: the address the visitor asked for. */
interface LoginLocationState {
  from?: string;
}

/** Where sign-in leads: the address asked for when it is a page of this app, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  const pathname = from.split(/[?#]/)[0];
  return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/` ? '/' : from;
}

interface SessionGateProps {
  /** Public pages (a customer's quote link) render after startup whether or not anyone is signed in. */
  publicPage?: boolean;
}

/**
 * Loading view while starting, the app with a user; without one, the login screen at /login,
 * remembering the address asked for (a visit, or a session the server ended) so that sign-in
 * returns there. After a deliberate logout the next sign-in starts at the dashboard.
 */
export function SessionGate({ publicPage = false }: SessionGateProps) {
  const ready = useAppSelector(selectAppReady);
  const checking = useAppSelector(selectSessionChecking);
  const user = useAppSelector(selectCurrentUser);
  const expired = useAppSelector(selectSessionExpired);
  const location = useLocation();
  const appShown = useRef(false);
  useEffect(() => {
    if (user) appShown.current = true;
  }, [user]);

  if (!ready || checking) return <LoadingScreen />;
  if (user || publicPage) return <Outlet />;
  const loggedOut = appShown.current && !expired;
  const state: LoginLocationState | undefined = loggedOut
    ? undefined
    : { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to={LOGIN_PATH} replace state={state} />;
}

/** The /login route: the login screen, or once signed in, the page the user was going to. */
export function LoginGate() {
  const ready = useAppSelector(selectAppReady);
  const checking = useAppSelector(selectSessionChecking);
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();

  if (!ready || checking) return <LoadingScreen />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return <LoginPage />;
}
