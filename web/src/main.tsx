import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createAppRouter, preloadSignedInScreen } from './app/router';
import { startApp } from './app/startup';
import { makeStore } from './app/store';
import { selectCurrentUser } from './features/auth/authSlice';
import './theme/global.css';

const store = makeStore();
void startApp(store.dispatch);
if (selectCurrentUser(store.getState())) preloadSignedInScreen(window.location.pathname);
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
