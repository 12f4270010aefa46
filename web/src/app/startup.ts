import { restoreSession } from '../features/auth/restoreSession';
import { isCustomerQuotePath } from '../features/customerQuote/customerQuoteRoute';
import { isSigningPath } from '../features/signing/signingRoute';
import { systemApi } from '../features/system/systemApi';
import { appReady } from './appSlice';
import type { AppDispatch } from './store';

/**
 * App start (spec: initialising, then ready once the connectivity check and the mock-data call
 * have finished, whether they succeed or fail; failures are only logged). The stored session is
 * validated at the same time.
 */
export async function startApp(dispatch: AppDispatch, pathname = window.location.pathname): Promise<void> {
  const session = dispatch(restoreSession());
  // A customer opening their quote link, or a signer their signing link, is not staff: no demo seeding from their browser.
  const seed = !isCustomerQuotePath(pathname) && !isSigningPath(pathname);
  const startupCalls = await Promise.allSettled([
    dispatch(systemApi.endpoints.checkConnectivity.initiate(undefined, { subscribe: false })).unwrap(),
    seed
      ? dispatch(systemApi.endpoints.initializeMockData.initiate(undefined, { track: false })).unwrap()
      : Promise.resolve(),
  ]);
  const [connectivity, mockData] = startupCalls;
  if (connectivity.status === 'rejected') {
    console.warn('Startup: the API connectivity check failed', connectivity.reason);
  }
  if (mockData.status === 'rejected') {
    console.warn('Startup: initialising mock data failed', mockData.reason);
  }
  dispatch(appReady());
  await session;
}
