import { StyleProvider } from '@ant-design/cssinjs';
import type { User } from '@sixa/contracts/browser';
import { render } from '@testing-library/react';
import { StrictMode, useLayoutEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/router';
import { startApp } from '../app/startup';
import { makeStore } from '../app/store';
import { TOKEN_KEY, USER_KEY } from '../features/auth/storedSession';

export const TEST_TOKEN = 'test-token';

/**
 * antd's generated CSS goes to a detached node: jsdom re-resolves every rule in the document on
 * each getComputedStyle call (which accessible-name queries make for every element), and with
 * antd's thousands of rules a single getByRole took seconds.
 */
const styleContainer = document.createElement('div');

interface RenderAppOptions {
  path?: string;
  /** A stored session, as a previous sign-in would have left it (GET /api/auth/me must answer). */
  signedInAs?: User;
  /**
   * False: without StrictMode, as the production build runs. Its development-only extra unmount
   * and mount of every effect resets antd's form stores, which hides defects of forms kept across
   * openings: tests of such sequences (Edit A, close, Edit B) run without it.
   */
  strict?: boolean;
}

/** Keeps the router's current location where the test can read it. */
function LocationProbe({ into }: { into: { current: Location | null } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    into.current = location;
  }, [into, location]);
  return null;
}

/** The whole client at a given address, started like a page load (StrictMode, as in main.tsx). */
export function renderApp({ path = '/', signedInAs, strict = true }: RenderAppOptions = {}) {
  if (signedInAs) {
    window.localStorage.setItem(TOKEN_KEY, TEST_TOKEN);
    window.localStorage.setItem(USER_KEY, JSON.stringify(signedInAs));
  }
  const store = makeStore();
  const started = startApp(store.dispatch);
  const current: { current: Location | null } = { current: null };
  const user = userEvent.setup({ delay: null });
  const app = (
    <StyleProvider container={styleContainer}>
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe into={current} />
        </MemoryRouter>
      </AppProviders>
    </StyleProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  /** Where the app is now (path, search, state). */
  const location = () => {
    if (!current.current) throw new Error('The router has not rendered yet');
    return current.current;
  };
  return { ...view, store, location, user, started };
}
