import { screen, waitFor, within } from '@testing-library/react';
import { LOADING_TEXT } from '../../../shared/LoadingScreen';
import { adminUser } from '../../../test/factories';
import { deferredReply, mockApi } from '../../../test/mockApi';
import { renderApp, TEST_TOKEN } from '../../../test/renderApp';
import { TOKEN_KEY, USER_KEY } from '../storedSession';

const admin = adminUser();
const loginOk = { body: { access_token: 'new-token', token_type: 'bearer', expires_in: 3600, user: admin } };

async function loginScreen() {
  return screen.findByRole('button', { name: 'Sign In' });
}

describe('Login screen', () => {
  it('shows the loading view until the startup calls finish, failures only logged', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connectivity = deferredReply();
    const api = mockApi({ 'GET /api/': connectivity.handler });
    renderApp();

    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/initialize-mock-data')).toHaveLength(1));
    connectivity.release({ status: 503, body: { detail: 'down' } });

    expect(await loginScreen()).toBeInTheDocument();
    expect(screen.queryByText(LOADING_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Startup: the API connectivity check failed', expect.anything());
  });

  it('signs in with the typed credentials, showing "Signing In..." while busy', async () => {
    const reply = deferredReply();
    const api = mockApi({ 'POST /api/auth/login': reply.handler });
    const { user } = renderApp();

    await user.type(await screen.findByLabelText('Email'), 'admin@sixa.local');
    await user.type(screen.getByLabelText('Password'), 'Admin123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: /Signing In\.\.\./ })).toBeInTheDocument();
    reply.release(loginOk);

    expect(await screen.findByRole('button', { name: /Logout/ })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'admin@sixa.local',
      password: 'Admin123!',
    });
    expect(api.callsTo('POST /api/auth/login')[0]?.headers.get('authorization')).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem(USER_KEY) ?? 'null')).toEqual(admin);
  });

  it('submits with Enter from the password field', async () => {
    const api = mockApi({ 'POST /api/auth/login': loginOk });
    const { user } = renderApp();

    await user.type(await screen.findByLabelText('Email'), 'admin@sixa.local');
    await user.type(screen.getByLabelText('Password'), 'Admin123!{Enter}');

    expect(await screen.findByRole('button', { name: /Logout/ })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(1);
  });

  it("shows the server's detail when sign-in is refused", async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: { detail: 'Invalid email or password' } } });
    const { user } = renderApp();

    await user.type(await screen.findByLabelText('Email'), 'admin@sixa.local');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('clears the error box as soon as the email or the password is edited', async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: { detail: 'Invalid email or password' } } });
    const { user } = renderApp();
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');

    await user.type(email, 'admin@sixa.local');
    await user.type(password, 'wrong-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.type(password, '!');
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.clear(email);
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });

  it('falls back to the generic text when the server gives no detail', async () => {
    mockApi({ 'POST /api/auth/login': { status: 500, body: 'Internal Server Error' } });
    const { user } = renderApp();

    await user.type(await screen.findByLabelText('Email'), 'admin@sixa.local');
    await user.type(screen.getByLabelText('Password'), 'Admin123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockApi();
    const { user } = renderApp();

    await user.click(await loginScreen());

    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('initializes the demo users, then fills the form from the quick-fill buttons', async () => {
    const api = mockApi({
      'POST /api/auth/initialize-default-users': {
        body: { created: 2, users: [{ email: 'admin@sixa.local', role: 'admin' }] },
      },
    });
    const { user } = renderApp();

    const demo = within(await screen.findByRole('region', { name: 'Demo Access' }));
    expect(demo.queryByRole('button', { name: 'Login as Admin (Full Access)' })).not.toBeInTheDocument();
    await user.click(demo.getByRole('button', { name: 'Initialize Demo Users' }));

    await user.click(await demo.findByRole('button', { name: 'Login as Employee (Limited Access)' }));
    expect(screen.getByLabelText('Email')).toHaveValue('employee@sixa.local');
    expect(screen.getByLabelText('Password')).toHaveValue('Employee123!');

    await user.click(demo.getByRole('button', { name: 'Login as Admin (Full Access)' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@sixa.local');
    expect(screen.getByLabelText('Password')).toHaveValue('Admin123!');
    expect(api.callsTo('POST /api/auth/initialize-default-users')).toHaveLength(1);
  });
});

describe('Stored session', () => {
  it('is validated against /auth/me with the bearer token and opens the workspace', async () => {
    const api = mockApi({ 'GET /api/auth/me': { body: admin } });
    renderApp({ signedInAs: admin });

    expect(await screen.findByRole('button', { name: /Logout/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/me')[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('is cleared silently when the profile check fails', async () => {
    mockApi({ 'GET /api/auth/me': { status: 401, body: { detail: 'Token expired' } } });
    renderApp({ signedInAs: admin });

    expect(await loginScreen()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('ends with Logout, which clears both keys', async () => {
    mockApi({ 'GET /api/auth/me': { body: admin } });
    const { user } = renderApp({ signedInAs: admin });

    await user.click(await screen.findByRole('button', { name: /Logout/ }));

    expect(await loginScreen()).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('asks for a new password when the password has expired, then signs in with it', async () => {
    const api = mockApi({
      'POST /api/auth/login': {
        status: 403,
        body: { code: 'PASSWORD_EXPIRED', detail: 'Your password has expired. Choose a new one.' },
      },
      'POST /api/auth/change-expired-password': ({ body }) =>
        (body as { new_password: string }).new_password === 'short'
          ? { status: 400, body: { detail: 'The password needs at least 12 characters' } }
          : loginOk,
    });
    const { user } = renderApp();

    await user.type(await screen.findByLabelText('Email'), 'admin@sixa.local');
    await user.type(screen.getByLabelText('Password'), 'Old-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Your password has expired. Choose a new one.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Change Password and Sign In' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/change-expired-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password and Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password needs at least 12 characters');

    for (const label of ['New password', 'Confirm new password']) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'A-much-longer-pass-2');
    }
    await user.click(screen.getByRole('button', { name: 'Change Password and Sign In' }));

    expect(await screen.findByRole('button', { name: /Logout/ })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/change-expired-password').at(-1)?.body).toEqual({
      email: 'admin@sixa.local',
      current_password: 'Old-pass-1',
      new_password: 'A-much-longer-pass-2',
    });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('new-token');
  });
});
