import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '../theme/ThemeProvider';
import type { AppStore } from './store';

/** Store and theme around the app (also used by component tests). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider>{children}</ThemeProvider>
    </Provider>
  );
}
