import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { PASSWORD_CHANGE_FAILED, useChangeExpiredPasswordMutation, type Credentials } from './authApi';
import { NewPasswordFields, newPasswordProblems, type NewPassword, type NewPasswordField } from './NewPasswordFields';

interface ExpiredPasswordFormProps {
  /** What was typed at sign-in: the e-mail and the (right, but expired) password. */
  credentials: Credentials;
  /** The server's words about the expiry. */
  detail: string;
  onCancel: () => void;
}

/**
 * Sign-in with an expired password: a new one, twice; the server checks it against the policy (its
 * reason shows here) and answers as a sign-in does.
 */
export function ExpiredPasswordForm({ credentials, detail, onCancel }: ExpiredPasswordFormProps) {
  const [values, setValues] = useState<NewPassword>({ next: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<NewPasswordField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [change, { isLoading }] = useChangeExpiredPasswordMutation();

  const edit = (field: NewPasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setError(null);
    if (problems.next || problems.confirm) setProblems(newPasswordProblems(next, credentials.password));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblems(values, credentials.password);
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
        <NewPasswordFields values={values} problems={problems} onChange={edit} />
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
