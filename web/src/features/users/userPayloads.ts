import type { Role } from '@sixa/contracts/browser';
import type { CreateUserBody, UpdateUserBody } from './usersApi';

export const DEFAULT_ROLE: Role = 'employee';

export interface UserFormValues {
  name: string;
  email: string;
  role?: Role;
  password?: string;
}

/** The create payload; the role defaults to employee (spec: user create payload). */
export function buildCreateBody(values: UserFormValues): CreateUserBody {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password ?? '',
    role: values.role ?? DEFAULT_ROLE,
  };
}

/**
 * The edit payload: name and email, the role unless the admin is editing their own account, and
 * the password only when one was typed (blank keeps the current one).
 */
export function buildUpdateBody(values: UserFormValues, isSelf: boolean): UpdateUserBody {
  const body: UpdateUserBody = { name: values.name.trim(), email: values.email.trim() };
  if (!isSelf && values.role) body.role = values.role;
  if (values.password) body.password = values.password;
  return body;
}
