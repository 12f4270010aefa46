import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import type { ThemePreference } from '@sixa/contracts/browser';
import type { AuthState } from '../features/auth/authSlice';
import { authApi } from '../features/auth/authApi';
import { themePreferenceLoaded, themeToggled } from './themeSlice';

interface State {
  auth: AuthState;
  theme: { preference: ThemePreference };
}

/**
 * The theme follows the signed-in user: their stored choice is applied when it is read (at start,
 * see restoreSession, and after each sign-in), and a new choice is saved on their profile.
 */
export function startThemeListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<State>();

  startListening({
    matcher: authApi.endpoints.getPreferences.matchFulfilled,
    effect: (action, { dispatch }) => {
      dispatch(themePreferenceLoaded(action.payload.theme));
    },
  });

  startListening({
    matcher: authApi.endpoints.login.matchFulfilled,
    effect: (_action, { dispatch }) => {
      dispatch(authApi.endpoints.getPreferences.initiate(undefined, { subscribe: false, forceRefetch: true }));
    },
  });

  startListening({
    actionCreator: themeToggled,
    effect: (_action, { dispatch, getState }) => {
      const { auth, theme } = getState();
      if (!auth.token) return;
      dispatch(authApi.endpoints.updatePreferences.initiate({ theme: theme.preference }));
    },
  });
}
