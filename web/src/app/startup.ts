import { restoreSession } from '../features/auth/restoreSession';
import { systemApi } from '../features/system/systemApi';
import { appReady } from './appSlice';
import type { AppDispatch } from './store';

/**
 * App start (spec: initialising, then ready once the connectivity check and the mock-data call
 * have finished, whether they succeed or fail; failures are only logged). The stored session is
 * validated at the same time.
 */
export async function startApp(dispatch: AppDispatch): Promise<void> {
  const session = dispatch(restoreSession());
  const startupCalls = await Promise.allSettled([
    dispatch(systemApi.endpoints.checkConnectivity.initiate(undefined, { subscribe: false })).unwrap(),
    dispatch(systemApi.endpoints.initializeMockData.initiate(undefined, { track: false })).unwrap(),
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
