import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { AppRoutes, preloadSignedInScreen } from './app/router';
import { startApp } from './app/startup';
import { makeStore } from './app/store';
import { selectCurrentUser } from './features/auth/authSlice';
import 'virtual:theme-tokens.css';
import './theme/global.css';
import './theme/basic.css';

const store = makeStore();
void startApp(store.dispatch);
if (selectCurrentUser(store.getState())) preloadSignedInScreen(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
