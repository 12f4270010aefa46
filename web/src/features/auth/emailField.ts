export const FIELD_PROBLEMS = {
  emailMissing: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  passwordMissing: 'Please enter your password',
} as const;

/** One '@', something on each side, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a typed e-mail address, if anything. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return FIELD_PROBLEMS.emailMissing;
  return EMAIL.test(email) ? undefined : FIELD_PROBLEMS.emailInvalid;
}
