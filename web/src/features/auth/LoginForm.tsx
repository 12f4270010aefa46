import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { BasicIcon } from '../../shared/BasicIcon';
import { LOGIN_FAILED, useLoginMutation, type Credentials } from './authApi';
import { selectSessionExpired } from './authSlice';
import { DemoAccess } from './DemoAccess';
import type { DemoAccount } from './demoAccounts';

type Field = keyof Credentials;

export const FIELD_PROBLEMS = {
  emailMissing: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  passwordMissing: 'Please enter your password',
} as const;

/** One '@', something on each side, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function problemWith(field: Field, values: Credentials): string | undefined {
  if (field === 'password') return values.password ? undefined : FIELD_PROBLEMS.passwordMissing;
  const email = values.email.trim();
  if (!email) return FIELD_PROBLEMS.emailMissing;
  return EMAIL.test(email) ? undefined : FIELD_PROBLEMS.emailInvalid;
}

interface TextFieldProps {
  id: string;
  label: string;
  icon: ReactNode;
  problem: string | undefined;
  children: (described: { 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  after?: ReactNode;
}

/** A label above an input with its icon, and the field's problem under it. */
function TextField({ id, label, icon, problem, children, after }: TextFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <div className="sx-field">
      <label className="sx-label" htmlFor={id}>
        {label}
      </label>
      <div className="sx-input" data-invalid={Boolean(problem)}>
        {icon}
        {children({ 'aria-invalid': Boolean(problem), 'aria-describedby': problem ? problemId : undefined })}
        {after}
      </div>
      {problem ? (
        <p className="sx-field-error" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
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
    try {
      await login({ email: values.email.trim(), password: values.password }).unwrap();
    } catch (caught) {
      setError(errorMessage(caught, LOGIN_FAILED));
    }
  };

  const fillWith = (account: DemoAccount) => {
    setValues({ email: account.email, password: account.password });
    setProblems({});
    setError(null);
  };

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
        </fieldset>
      </form>
      <DemoAccess onPick={fillWith} />
    </>
  );
}
