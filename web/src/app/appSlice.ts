import { createSlice } from '@reduxjs/toolkit';

interface AppState {
  /** False until the startup calls have finished (successfully or not). */
  ready: boolean;
}

const appSlice = createSlice({
  name: 'app',
  initialState: { ready: false } as AppState,
  reducers: {
    appReady(state) {
      state.ready = true;
    },
  },
  selectors: {
    selectAppReady: (state) => state.ready,
  },
});

export const { appReady } = appSlice.actions;
export const { selectAppReady } = appSlice.selectors;
export default appSlice.reducer;
