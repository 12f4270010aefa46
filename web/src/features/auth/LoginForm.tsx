import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { BasicIcon } from '../../shared/BasicIcon';
import { isApiError } from '../../shared/apiError';
import { LOGIN_FAILED, PASSWORD_EXPIRED, useLoginMutation, type Credentials } from './authApi';
import { selectSessionExpired } from './authSlice';
import { DemoAccess } from './DemoAccess';
import { emailProblem, FIELD_PROBLEMS } from './emailField';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { TextField } from './TextField';
import type { DemoAccount } from './demoAccounts';

type Field = keyof Credentials;

function problemWith(field: Field, values: Credentials): string | undefined {
  if (field === 'password') return values.password ? undefined : FIELD_PROBLEMS.passwordMissing;
  return emailProblem(values.email);
}

/**
 * Email and password; Enter or 'Sign In' submits. A field's problem shows once a submit found it,
 * and goes as soon as the field is right. Failures of the sign-in show in the error box, which any
 * edit clears.
 */
export function LoginForm() {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  /** The password was right but has expired: a new one is asked for before signing in. */
  const [expiredLogin, setExpiredLogin] = useState<{ credentials: Credentials; detail: string } | null>(null);
  /** "Forgot password?" was chosen: a reset link is asked for instead. */
  const [forgot, setForgot] = useState(false);
  const [login, { isLoading }] = useLoginMutation();
  const expired = useAppSelector(selectSessionExpired);
  const id = useId();

  const edit = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // The error was about what was typed before: editing the fields clears it.
    setError(null);
    if (problems[field]) setProblems((current) => ({ ...current, [field]: problemWith(field, next) }));
  };

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { email: problemWith('email', values), password: problemWith('password', values) };
    setProblems(found);
    if (found.email || found.password) return;
    setError(null);
    const credentials = { email: values.email.trim(), password: values.password };
    try {
      await login(credentials).unwrap();
    } catch (caught) {
      const detail = errorMessage(caught, LOGIN_FAILED);
      if (isApiError(caught) && caught.code === PASSWORD_EXPIRED) setExpiredLogin({ credentials, detail });
      else setError(detail);
    }
  };

  const fillWith = (account: DemoAccount) => {
    setValues({ email: account.email, password: account.password });
    setProblems({});
    setError(null);
  };

  if (expiredLogin)
    return (
      <ExpiredPasswordForm
        credentials={expiredLogin.credentials}
        detail={expiredLogin.detail}
        onCancel={() => {
          setExpiredLogin(null);
          setValues((current) => ({ ...current, password: '' }));
        }}
      />
    );

  if (forgot)
    return (
      <ForgotPasswordForm
        email={values.email.trim()}
        onBack={() => {
          setForgot(false);
          setError(null);
        }}
      />
    );

  return (
    <>
      <form name="login" noValidate onSubmit={(event) => void signIn(event)}>
        <fieldset className="sx-fieldset" disabled={isLoading}>
          <TextField id={`${id}-email`} label="Email" icon={<BasicIcon icon={MailOutlined} />} problem={problems.email}>
            {(described) => (
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="username"
                placeholder="you@company.com"
                value={values.email}
                onChange={edit('email')}
                {...described}
              />
            )}
          </TextField>
          <TextField
            id={`${id}-password`}
            label="Password"
            icon={<BasicIcon icon={LockOutlined} />}
            problem={problems.password}
            after={
              <button
                type="button"
                className="sx-input-action"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <BasicIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
              </button>
            }
          >
            {(described) => (
              <input
                id={`${id}-password`}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder="Your password"
                value={values.password}
                onChange={edit('password')}
                {...described}
              />
            )}
          </TextField>
          {expired && !error ? (
            <BasicAlert type="info">Your session has ended. Please sign in again.</BasicAlert>
          ) : null}
          {error ? <BasicAlert type="error">{error}</BasicAlert> : null}
          <button type="submit" className="sx-button sx-button-primary sx-button-large" aria-busy={isLoading}>
            {isLoading ? <span className="sx-spinner sx-spinner-small" aria-hidden="true" /> : null}
            {isLoading ? 'Signing In...' : 'Sign In'}
          </button>
          <button type="button" className="sx-button" onClick={() => setForgot(true)}>
            Forgot password?
          </button>
        </fieldset>
      </form>
      <DemoAccess onPick={fillWith} />
    </>
  );
}
