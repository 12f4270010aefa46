// A value, not a type: from the module itself, as storedSession.ts does (the index would bring the DTOs' validators).
import { PASSWORD_RESET_TOKEN_PATTERN } from '@sixa/contracts/browser';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../shared/brand';
import { usePageTitle } from '../../shared/usePageTitle';
import { RESET_FAILED, RESET_LINK_UNCHECKED, useCheckPasswordResetQuery, useResetPasswordMutation } from './authApi';
import { NewPasswordFields, newPasswordProblems, type NewPassword, type NewPasswordField } from './NewPasswordFields';

export const INCOMPLETE_LINK = 'This link is incomplete. Open it again from the e-mail, or ask for a new one.';

/** The sign-in screen's frame (theme/basic.css), with the page's heading. */
function ResetFrame({ children }: { children: ReactNode }) {
  return (
    <main className="sx-screen">
      <div className="sx-panel">
        <header className="sx-brand">
          <p className="sx-title">{PRODUCT_NAME}</p>
          <p className="sx-muted">{PRODUCT_TAGLINE}</p>
        </header>
        <h1 className="sx-status-title">Choose a new password</h1>
        {children}
      </div>
    </main>
  );
}

/**
 * Where a password reset e-mail leads: the link is checked first (a used, expired or replaced link
 * says so at once), then a new password is typed twice; the server applies the password policy and
 * ends every other session of the account. Then the user signs in with it.
 */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const complete = PASSWORD_RESET_TOKEN_PATTERN.test(token);
  const link = useCheckPasswordResetQuery(token, { skip: !complete });
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [values, setValues] = useState<NewPassword>({ next: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<NewPasswordField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const toSignIn = (
    <button type="button" className="sx-button sx-button-primary sx-button-large" onClick={() => navigate('/login')}>
      Go to Sign In
    </button>
  );

  if (!complete || link.isError)
    return (
      <ResetFrame>
        <div className="sx-stack">
          <BasicAlert type="error">
            {complete ? errorMessage(link.error, RESET_LINK_UNCHECKED) : INCOMPLETE_LINK}
          </BasicAlert>
          <p className="sx-muted">On the sign-in screen, &quot;Forgot password?&quot; sends a new link.</p>
          {toSignIn}
        </div>
      </ResetFrame>
    );

  if (!link.data)
    return (
      <ResetFrame>
        <p className="sx-muted" role="status">
          <span className="sx-spinner sx-spinner-small" aria-hidden="true" /> Checking your link...
        </p>
      </ResetFrame>
    );

  if (done)
    return (
      <ResetFrame>
        <div className="sx-stack">
          <BasicAlert type="info">{done}</BasicAlert>
          {toSignIn}
        </div>
      </ResetFrame>
    );

  const edit = (field: NewPasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setError(null);
    if (problems.next || problems.confirm) setProblems(newPasswordProblems(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblems(values);
    setProblems(found);
    if (found.next || found.confirm) return;
    setError(null);
    try {
      const answer = await reset({ token, new_password: values.next }).unwrap();
      setDone(answer.detail);
    } catch (caught) {
      setError(errorMessage(caught, RESET_FAILED));
    }
  };

  return (
    <ResetFrame>
      <form name="reset-password" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="sx-fieldset" disabled={isLoading}>
          <p className="sx-muted">For {link.data.email}. Once it is set, you are signed out everywhere else.</p>
          <NewPasswordFields values={values} problems={problems} onChange={edit} />
          {error ? <BasicAlert type="error">{error}</BasicAlert> : null}
          <button type="submit" className="sx-button sx-button-primary sx-button-large" aria-busy={isLoading}>
            {isLoading ? <span className="sx-spinner sx-spinner-small" aria-hidden="true" /> : null}
            {isLoading ? 'Setting Password...' : 'Set New Password'}
          </button>
        </fieldset>
      </form>
    </ResetFrame>
  );
}
