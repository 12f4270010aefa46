import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AuthState } from './authSlice';
import { sessionCleared, sessionRestored } from './authSlice';
import { authApi } from './authApi';
import { clearStoredSession } from './storedSession';

/**
 * Validates a stored session against the profile call at start. Any failure clears the stored
 * token and user silently (spec: failed profile check at startup). The user's stored theme is read
 * meanwhile, so that the workspace first shows in it (a failure there leaves the system setting).
 */
export const restoreSession = createAsyncThunk<void, void, { state: { auth: AuthState } }>(
  'auth/restoreSession',
  async (_, { dispatch, getState }) => {
    if (!getState().auth.token) {
      clearStoredSession(); // drops a half-written or unreadable session
      return;
    }
    const request = dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
    const preferences = dispatch(
      authApi.endpoints.getPreferences.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    try {
      const user = await request.unwrap();
      await preferences;
      dispatch(sessionRestored(user));
    } catch {
      dispatch(sessionCleared());
    }
  },
);
