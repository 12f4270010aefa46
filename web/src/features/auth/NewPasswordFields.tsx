import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useEffect, useId, useRef } from 'react';
import { BasicIcon } from '../../shared/BasicIcon';
import { TextField } from './TextField';

export const NEW_PASSWORD_PROBLEMS = {
  newMissing: 'Please enter a new password',
  confirmMissing: 'Please enter the new password again',
  mismatch: 'The two passwords are not the same',
  unchanged: 'Choose a password other than the expired one',
} as const;

export interface NewPassword {
  next: string;
  confirm: string;
}

export type NewPasswordField = keyof NewPassword;

/**
 * What is wrong with a new password as typed twice (the server checks it against the password policy
 * and says what that rule is). `previous`: a password it must differ from (the expired one).
 */
export function newPasswordProblems(v: NewPassword, previous?: string): Partial<Record<NewPasswordField, string>> {
  return {
    next: !v.next
      ? NEW_PASSWORD_PROBLEMS.newMissing
      : previous !== undefined && v.next === previous
        ? NEW_PASSWORD_PROBLEMS.unchanged
        : undefined,
    confirm: !v.confirm
      ? NEW_PASSWORD_PROBLEMS.confirmMissing
      : v.confirm !== v.next
        ? NEW_PASSWORD_PROBLEMS.mismatch
        : undefined,
  };
}

interface NewPasswordFieldsProps {
  values: NewPassword;
  problems: Partial<Record<NewPasswordField, string>>;
  onChange: (field: NewPasswordField, value: string) => void;
}

/** A new password and its confirmation, the first focused as the form opens (sign-in screens, no antd). */
export function NewPasswordFields({ values, problems, onChange }: NewPasswordFieldsProps) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <>
      <TextField id={`${id}-new`} label="New password" icon={<BasicIcon icon={LockOutlined} />} problem={problems.next}>
        {(described) => (
          <input
            ref={first}
            id={`${id}-new`}
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={values.next}
            onChange={(event) => onChange('next', event.target.value)}
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
            onChange={(event) => onChange('confirm', event.target.value)}
            {...described}
          />
        )}
      </TextField>
    </>
  );
}
