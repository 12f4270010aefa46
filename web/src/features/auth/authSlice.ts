import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@sixa/contracts/browser';
import { sessionExpired } from '../../shared/sessionEvents';
import { authApi } from './authApi';
import { readStoredSession } from './storedSession';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** 'checking' while a stored session is being validated against /auth/me at start. */
  status: 'checking' | 'settled';
  /** The server ended the session mid-use (a 401): the login screen says so. */
  expired: boolean;
}

export function initialAuthState(): AuthState {
  const stored = readStoredSession();
  return stored
    ? { token: stored.token, user: stored.user, status: 'checking', expired: false }
    : { token: null, user: null, status: 'settled', expired: false };
}

const signedOut: AuthState = { token: null, user: null, status: 'settled', expired: false };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionRestored(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'settled';
    },
    sessionCleared: () => signedOut,
    loggedOut: () => signedOut,
    /** The signed-in user edited their own account. */
    currentUserChanged(state, action: PayloadAction<Partial<Pick<User, 'name' | 'email'>>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, () => ({ ...signedOut, expired: true }))
      .addMatcher(
        isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.changeExpiredPassword.matchFulfilled),
        (_state, { payload }) => ({
          token: payload.access_token,
          user: payload.user,
          status: 'settled',
          expired: false,
        }),
      );
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectToken: (state) => state.token,
    selectSessionChecking: (state) => state.status === 'checking',
    selectSessionExpired: (state) => state.expired,
  },
});

export const { sessionRestored, sessionCleared, loggedOut, currentUserChanged } = authSlice.actions;
export const { selectCurrentUser, selectToken, selectSessionChecking, selectSessionExpired } = authSlice.selectors;
export default authSlice.reducer;
