import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { BasicIcon } from '../../shared/BasicIcon';
import { PASSWORD_CHANGE_FAILED, useChangeExpiredPasswordMutation, type Credentials } from './authApi';
import { TextField } from './TextField';

export const EXPIRED_PROBLEMS = {
  newMissing: 'Please enter a new password',
  confirmMissing: 'Please enter the new password again',
  mismatch: 'The two passwords are not the same',
  unchanged: 'Choose a password other than the expired one',
} as const;

interface ExpiredPasswordFormProps {
  /** What was typed at sign-in: the e-mail and the (right, but expired) password. */
  credentials: Credentials;
  /** The server's words about the expiry. */
  detail: string;
  onCancel: () => void;
}

type Field = 'next' | 'confirm';

/**
 * Sign-in with an expired password: a new one, twice; the server checks it against the policy (its
 * reason shows here) and answers as a sign-in does.
 */
export function ExpiredPasswordForm({ credentials, detail, onCancel }: ExpiredPasswordFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ next: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [change, { isLoading }] = useChangeExpiredPasswordMutation();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const check = (v: Record<Field, string>): Partial<Record<Field, string>> => ({
    next: !v.next
      ? EXPIRED_PROBLEMS.newMissing
      : v.next === credentials.password
        ? EXPIRED_PROBLEMS.unchanged
        : undefined,
    confirm: !v.confirm
      ? EXPIRED_PROBLEMS.confirmMissing
      : v.confirm !== v.next
        ? EXPIRED_PROBLEMS.mismatch
        : undefined,
  });

  const edit = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    setError(null);
    if (problems.next || problems.confirm) setProblems(check(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setProblems(found);
    if (found.next || found.confirm) return;
    setError(null);
    try {
      await change({
        email: credentials.email,
        current_password: credentials.password,
        new_password: values.next,
      }).unwrap();
    } catch (caught) {
      setError(errorMessage(caught, PASSWORD_CHANGE_FAILED));
    }
  };

  return (
    <form name="expired-password" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="sx-fieldset" disabled={isLoading}>
        <BasicAlert type="info">{detail || 'Your password has expired. Choose a new one to sign in.'}</BasicAlert>
        <p className="sx-muted">Signing in as {credentials.email}</p>
        <TextField
          id={`${id}-new`}
          label="New password"
          icon={<BasicIcon icon={LockOutlined} />}
          problem={problems.next}
        >
          {(described) => (
            <input
              ref={first}
              id={`${id}-new`}
              name="new-password"
              type="password"
              autoComplete="new-password"
              value={values.next}
              onChange={edit('next')}
              {...described}
            />
          )}
        </TextField>
        <TextField
          id={`${id}-confirm`}
          label="Confirm new password"
          icon={<BasicIcon icon={LockOutlined} />}
          problem={problems.confirm}
        >
          {(described) => (
            <input
              id={`${id}-confirm`}
              name="confirm-password"
              type="password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={edit('confirm')}
              {...described}
            />
          )}
        </TextField>
        {error ? <BasicAlert type="error">{error}</BasicAlert> : null}
        <button type="submit" className="sx-button sx-button-primary sx-button-large" aria-busy={isLoading}>
          {isLoading ? <span className="sx-spinner sx-spinner-small" aria-hidden="true" /> : null}
          {isLoading ? 'Changing Password...' : 'Change Password and Sign In'}
        </button>
        <button type="button" className="sx-button" onClick={onCancel}>
          Back to Sign In
        </button>
      </fieldset>
    </form>
  );
}
