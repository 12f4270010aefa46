import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ColorScheme } from '../theme/ColorScheme';
import type { AppStore } from './store';

/**
 * The store and the light/dark mode around the app (also used by component tests). antd's theme
 * comes with the screens that use antd (ThemeProvider in the workspace and the customer's page).
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ColorScheme />
      {children}
    </Provider>
  );
}
