import { screen, waitFor } from '@testing-library/react';
import { adminUser } from '../../../test/factories';
import { mockApi } from '../../../test/mockApi';
import { renderApp, TEST_TOKEN } from '../../../test/renderApp';
import { TOKEN_KEY, USER_KEY } from '../storedSession';

const admin = adminUser();

describe('Logout', () => {
  it('ends the session on the server with the signed-in token, then shows the sign-in screen', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: admin },
      'GET /api/users': { body: [admin] },
      'POST /api/auth/logout': { status: 204 },
    });
    const { user } = renderApp({ path: '/users', signedInAs: admin });

    await user.click(await screen.findByRole('button', { name: /Logout/ }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1));
    expect(api.callsTo('POST /api/auth/logout')[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('signs out on this device even when the server cannot be reached', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi({ 'GET /api/auth/me': { body: admin }, 'GET /api/users': { body: [admin] } });
    const { user } = renderApp({ path: '/users', signedInAs: admin });
    await screen.findByRole('button', { name: /Logout/ });
    const online = globalThis.fetch;
    globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/auth/logout') ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init),
    ) as typeof fetch;

    await user.click(screen.getByRole('button', { name: /Logout/ }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be told/), expect.anything()),
    );
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
