import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import authReducer from '../features/auth/authSlice';
import { startSessionListeners } from '../features/auth/sessionListeners';
import { startThemeListeners } from '../theme/themeListeners';
import themeReducer from '../theme/themeSlice';
import { api } from '../shared/api';
import { startApiErrorListener } from './apiErrorListener';
import appReducer from './appSlice';

const rootReducer = combineReducers({
  app: appReducer,
  auth: authReducer,
  theme: themeReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (one per page load; one per test). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  startSessionListeners(listener);
  startApiErrorListener(listener);
  startThemeListeners(listener);

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

declare module '../shared/hooks' {
  /** The typed hooks of shared/hooks.ts use this store's state and dispatch. (Inside this block,
   * `RootState` would name the one of shared/hooks, hence the types spelled out.) */
  interface StoreTypes {
    state: ReturnType<typeof rootReducer>;
    dispatch: AppStore['dispatch'];
  }
}
