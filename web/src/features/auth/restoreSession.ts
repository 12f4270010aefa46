import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AuthState } from './authSlice';
import { sessionCleared, sessionRestored } from './authSlice';
import { authApi } from './authApi';
import { clearStoredSession } from './storedSession';

/**
 * Validates a stored session against the profile call at start. Any failure clears the stored
 * token and user silently (spec: failed profile check at startup).
 */
export const restoreSession = createAsyncThunk<void, void, { state: { auth: AuthState } }>(
  'auth/restoreSession',
  async (_, { dispatch, getState }) => {
    if (!getState().auth.token) {
      clearStoredSession(); // drops a half-written or unreadable session
      return;
    }
    const request = dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
    try {
      dispatch(sessionRestored(await request.unwrap()));
    } catch {
      dispatch(sessionCleared());
    }
  },
);
