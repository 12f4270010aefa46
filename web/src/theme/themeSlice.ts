import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { ThemePreference } from '@sixa/contracts/browser';
import { sessionExpired } from '../shared/sessionEvents';
import { loggedOut, sessionCleared } from '../features/auth/authSlice';

export type ThemeMode = 'light' | 'dark';

interface ThemeState {
  /**
   * The signed-in user's choice, kept on their profile on the server (GET/PUT /auth/me/preferences),
   * not in local storage (the spec allows only the token and user keys there). 'system' until they choose.
   */
  preference: ThemePreference;
  /** What the operating system asks for now (prefers-color-scheme); followed while the preference is 'system'. */
  systemDark: boolean;
}

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(DARK_SCHEME_QUERY).matches;
}

const modeOf = (state: ThemeState): ThemeMode =>
  state.preference === 'system' ? (state.systemDark ? 'dark' : 'light') : state.preference;

const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ preference: 'system', systemDark: systemPrefersDark() }),
  reducers: {
    /** The user's own choice from the sidebar switch: the other mode than the one shown. */
    themeToggled(state) {
      state.preference = modeOf(state) === 'dark' ? 'light' : 'dark';
    },
    /** The choice stored on the user's profile, read after sign-in or at start. */
    themePreferenceLoaded(state, action: PayloadAction<ThemePreference>) {
      state.preference = action.payload;
    },
    systemSchemeChanged(state, action: PayloadAction<boolean>) {
      state.systemDark = action.payload;
    },
  },
  extraReducers: (builder) => {
    // The next person at this screen starts from the system setting, not the previous user's choice.
    builder.addMatcher(isAnyOf(loggedOut, sessionCleared, sessionExpired), (state) => {
      state.preference = 'system';
    });
  },
  selectors: {
    selectThemeMode: modeOf,
    selectThemePreference: (state) => state.preference,
  },
});

export const { themeToggled, themePreferenceLoaded, systemSchemeChanged } = themeSlice.actions;
export const { selectThemeMode, selectThemePreference } = themeSlice.selectors;
export default themeSlice.reducer;
