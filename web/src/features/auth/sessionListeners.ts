import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { api } from '../../shared/api';
import { sessionExpired } from '../../shared/sessionEvents';
import type { AuthState } from './authSlice';
import { currentUserChanged, loggedOut, sessionCleared, sessionRestored } from './authSlice';
import { authApi } from './authApi';
import { endServerSession } from './endServerSession';
import { clearStoredSession, writeStoredSession } from './storedSession';

/** Keeps the two local keys in step with the session, and drops cached data on sign-out. */
export function startSessionListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<{ auth: AuthState }>();

  startListening({
    matcher: isAnyOf(
      authApi.endpoints.login.matchFulfilled,
      authApi.endpoints.changeExpiredPassword.matchFulfilled,
      sessionRestored,
      currentUserChanged,
    ),
    effect: (_action, { getState }) => {
      const { token, user } = getState().auth;
      if (token && user) writeStoredSession({ token, user });
    },
  });

  startListening({
    matcher: isAnyOf(loggedOut, sessionCleared, sessionExpired),
    effect: () => clearStoredSession(),
  });

  // A deliberate Logout ends the session on the server too (the token stops working everywhere).
  startListening({
    actionCreator: loggedOut,
    effect: (_action, { getOriginalState }) => {
      const { token } = getOriginalState().auth;
      if (token) void endServerSession(token);
    },
  });

  // The next person to sign in must not see the previous one's cached lists.
  startListening({
    matcher: isAnyOf(loggedOut, sessionExpired),
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
}
