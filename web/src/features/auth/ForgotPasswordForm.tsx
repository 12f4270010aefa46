import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { BasicIcon } from '../../shared/BasicIcon';
import { RESET_REQUEST_FAILED, useRequestPasswordResetMutation } from './authApi';
import { emailProblem } from './emailField';
import { TextField } from './TextField';

interface ForgotPasswordFormProps {
  /** What was typed in the sign-in form, to start from. */
  email: string;
  onBack: () => void;
}

/**
 * "Forgot password?": asks for a reset link to be mailed. The answer is the same whether or not an
 * account uses the address (the server tells no one which addresses have accounts).
 */
export function ForgotPasswordForm({ email: typed, onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(typed);
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    setError(null);
    try {
      const answer = await request({ email: email.trim() }).unwrap();
      setSent(answer.detail);
    } catch (caught) {
      setError(errorMessage(caught, RESET_REQUEST_FAILED));
    }
  };

  if (sent)
    return (
      <div className="sx-stack">
        <BasicAlert type="info">{sent}</BasicAlert>
        <button type="button" className="sx-button sx-button-primary sx-button-large" onClick={onBack}>
          Back to Sign In
        </button>
      </div>
    );

  return (
    <form name="forgot-password" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="sx-fieldset" disabled={isLoading}>
        <p className="sx-muted">
          Enter the e-mail address you sign in with: we will send it a link to choose a new password.
        </p>
        <TextField id={`${id}-email`} label="Email" icon={<BasicIcon icon={MailOutlined} />} problem={problem}>
          {(described) => (
            <input
              ref={field}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="username"
              placeholder="you@company.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
                if (problem) setProblem(emailProblem(event.target.value));
              }}
              {...described}
            />
          )}
        </TextField>
        {error ? <BasicAlert type="error">{error}</BasicAlert> : null}
        <button type="submit" className="sx-button sx-button-primary sx-button-large" aria-busy={isLoading}>
          {isLoading ? <span className="sx-spinner sx-spinner-small" aria-hidden="true" /> : null}
          {isLoading ? 'Sending...' : 'Send Reset Link'}
        </button>
        <button type="button" className="sx-button" onClick={onBack}>
          Back to Sign In
        </button>
      </fieldset>
    </form>
  );
}
