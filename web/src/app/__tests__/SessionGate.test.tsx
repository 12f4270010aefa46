import { screen } from '@testing-library/react';
import { adminUser, employeeUser } from '../../test/factories';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { returnPath } from '../SessionGate';

const admin = adminUser();
const employee = employeeUser();
const loginOk = (user = admin) => ({
  body: { access_token: 'new-token', token_type: 'bearer', expires_in: 3600, user },
});

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SessionGate', () => {
  it('signs in at /login and opens the dashboard at /', async () => {
    mockApi({ 'POST /api/auth/login': loginOk() });
    const { user, location } = renderApp({ path: '/login' });

    await signIn(user, 'admin@sixa.local', 'Admin123!');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('sends a signed-out visit to /login and, after sign-in, back to the address asked for', async () => {
    mockApi({ 'POST /api/auth/login': loginOk(), 'GET /api/users': { body: [admin] } });
    const { user, location } = renderApp({ path: '/users?role=admin' });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');

    await signIn(user, 'admin@sixa.local', 'Admin123!');

    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(location().pathname).toBe('/users');
    expect(location().search).toBe('?role=admin');
  });

  it('sends a signed-in visit of /login to the dashboard', async () => {
    mockApi({ 'GET /api/auth/me': { body: employee } });
    const { location } = renderApp({ path: '/login', signedInAs: employee });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('starts the next sign-in at the dashboard after a Logout, not on the last screen', async () => {
    mockApi({ 'GET /api/auth/me': { body: admin }, 'GET /api/users': { body: [admin] } });
    const { user, location } = renderApp({ path: '/users', signedInAs: admin });

    await user.click(await screen.findByRole('button', { name: /Logout/ }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');

    mockApi({ 'POST /api/auth/login': loginOk(employee) });
    await signIn(user, 'employee@sixa.local', 'Employee123!');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('returns after sign-in only to a page of this app', () => {
    expect(returnPath({ from: '/leads?page=2#top' })).toBe('/leads?page=2#top');
    expect(returnPath({ from: '//evil.example/phish' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPath({ from: '/login' })).toBe('/');
    expect(returnPath({ from: '/login?x=1' })).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});
