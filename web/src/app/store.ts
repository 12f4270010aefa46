import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import authReducer from '../features/auth/authSlice';
import { startSessionListeners } from '../features/auth/sessionListeners';
import { startThemeListeners } from '../theme/themeListeners';
import themeReducer from '../theme/themeSlice';
import { api } from './api';
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
