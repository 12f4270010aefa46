import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { INCOMPLETE_LINK } from '../ResetPasswordPage';

const TOKEN = 'a'.repeat(40) + 'b_-';
const PATH = `/reset-password/${TOKEN}`;
const linkOk = { body: { email: 'ada@sixa.local', expires_at: '2026-01-10T10:00:00.000Z' } };

async function typeNewPassword(user: ReturnType<typeof renderApp>['user'], next: string, confirm = next) {
  await user.type(await screen.findByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('the password reset page', () => {
  it('checks the link, sets the new password typed twice, then leads to sign-in', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password/check': linkOk,
      'POST /api/auth/reset-password': {
        body: { detail: 'Your password has been changed. Sign in with it.', email: 'ada@sixa.local' },
      },
    });
    const { user, location } = renderApp({ path: PATH });

    expect(await screen.findByText(/For ada@sixa\.local/)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    await typeNewPassword(user, 'Brand-new-pass1');

    expect(await screen.findByText('Your password has been changed. Sign in with it.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password/check')[0]?.body).toEqual({ token: TOKEN });
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      new_password: 'Brand-new-pass1',
    });
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.headers.get('authorization')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('asks for the password twice alike before calling the server', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password/check': linkOk });
    const { user } = renderApp({ path: PATH });

    await user.click(await screen.findByRole('button', { name: 'Set New Password' }));
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the new password again')).toBeInTheDocument();
    await typeNewPassword(user, 'Brand-new-pass1', 'Brand-new-pass2');
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it("shows the policy's reason for a refused password, and keeps the form", async () => {
    mockApi({
      'POST /api/auth/reset-password/check': linkOk,
      'POST /api/auth/reset-password': { status: 400, body: { detail: 'password must be at least 12 characters' } },
    });
    const { user } = renderApp({ path: PATH });

    await typeNewPassword(user, 'short-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('password must be at least 12 characters');
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
  });

  it('says at once that a used or expired link no longer works, and offers the way back', async () => {
    mockApi({
      'POST /api/auth/reset-password/check': {
        status: 410,
        body: { detail: 'This password reset link has already been used. Ask for a new one if you need to.' },
      },
    });
    renderApp({ path: PATH });

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has already been used.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Sign In' })).toBeInTheDocument();
  });

  it('does not send an incomplete link to the server', async () => {
    const api = mockApi();
    renderApp({ path: '/reset-password/abc' });

    expect(await screen.findByRole('alert')).toHaveTextContent(INCOMPLETE_LINK);
    expect(api.callsTo('POST /api/auth/reset-password/check')).toHaveLength(0);
  });
});

describe('Forgot password on the sign-in screen', () => {
  it('mails a reset link to the typed address and shows the answer, whatever the account', async () => {
    const detail = 'If an account uses this e-mail address, a link to choose a new password is on its way to it.';
    const api = mockApi({ 'POST /api/auth/forgot-password': { status: 202, body: { detail } } });
    const { user } = renderApp({ path: '/login' });

    await user.type(await screen.findByLabelText('Email'), 'ada@sixa.local');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@sixa.local');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@sixa.local' });
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks for a valid address first, and shows a refusal such as too many requests', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': {
        status: 429,
        body: { detail: 'Too many password reset e-mails asked for. Try again in 15 minutes.' },
      },
    });
    const { user } = renderApp({ path: '/login' });

    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@sixa.local{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset e-mails asked for.');
  });
});
