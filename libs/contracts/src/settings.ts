/** Settings & Configuration (spec part 2): what the settings service owns and publishes. */

/** The password policy's bounds (spec constants). */
export const PASSWORD_POLICY_MIN_LENGTH = { min: 4, max: 32 } as const;
export const PASSWORD_POLICY_EXPIRY_DAYS = { min: 0, max: 365 } as const;

/** The security policy's rules (spec: "Security policy: rules with ..."). Expiry 0 = passwords never expire. */
export interface SecurityRules {
  password_min_length: number;
  password_require_uppercase: boolean;
  password_require_numbers: boolean;
  password_require_symbols: boolean;
  password_expiry_days: number;
}

/** What holds until an admin sets a policy: the product's long-standing rule (8 characters, nothing else). */
export const DEFAULT_SECURITY_RULES: SecurityRules = {
  password_min_length: 8,
  password_require_uppercase: false,
  password_require_numbers: false,
  password_require_symbols: false,
  password_expiry_days: 0,
};

/** Exactly the rules' fields of `r` (a stored or posted object may carry more). */
export function securityRulesOf(r: SecurityRules): SecurityRules {
  return {
    password_min_length: r.password_min_length,
    password_require_uppercase: r.password_require_uppercase,
    password_require_numbers: r.password_require_numbers,
    password_require_symbols: r.password_require_symbols,
    password_expiry_days: r.password_expiry_days,
  };
}

/** GET /settings/security. */
export interface SecurityPolicy {
  rules: SecurityRules;
  /** Who set it and when (null while the defaults hold). */
  updated_by: string | null;
  updated_at: string | null;
  /** Goes up with every change; consumers keep the highest they have seen. */
  rev: number;
}

/** The rules a password breaks, each in words ("at least 12 characters", "a number"); none: it is allowed. */
export function passwordProblems(password: string, rules: SecurityRules): string[] {
  const problems: string[] = [];
  if ([...password].length < rules.password_min_length)
    problems.push(`at least ${rules.password_min_length} characters`);
  if (rules.password_require_uppercase && !/\p{Lu}/u.test(password)) problems.push('an upper-case letter');
  if (rules.password_require_numbers && !/\p{Nd}/u.test(password)) problems.push('a number');
  if (rules.password_require_symbols && !/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('a symbol');
  return problems;
}
