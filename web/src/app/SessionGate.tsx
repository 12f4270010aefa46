import { Outlet } from 'react-router-dom';
import { selectCurrentUser, selectSessionChecking } from '../features/auth/authSlice';
import { LoginPage } from '../features/auth/LoginPage';
import { LoadingScreen } from '../shared/LoadingScreen';
import { selectAppReady } from './appSlice';
import { useAppSelector } from './hooks';

interface SessionGateProps {
  /** Public pages (a customer's quote link) render after startup whether or not anyone is signed in. */
  publicPage?: boolean;
}

/** Loading view while starting, the login screen without a user, the app with one. */
export function SessionGate({ publicPage = false }: SessionGateProps) {
  const ready = useAppSelector(selectAppReady);
  const checking = useAppSelector(selectSessionChecking);
  const user = useAppSelector(selectCurrentUser);

  if (!ready || checking) return <LoadingScreen />;
  if (!user && !publicPage) return <LoginPage />;
  return <Outlet />;
}
