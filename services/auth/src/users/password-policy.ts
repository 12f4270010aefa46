import { Injectable } from '@nestjs/common';
import {
  DEFAULT_SECURITY_RULES,
  passwordProblems,
  type EventEnvelope,
  type SecurityPolicy,
  type SecurityRules,
} from '@sixa/contracts';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { PasswordPolicyRepository } from './password-policy.repository';

/**
 * The password policy the settings service publishes (settings.events.v1, read by SettingsFeed), kept
 * in auth's own database at the highest revision seen, so every replica enforces the same rules and a
 * restart keeps them; older revisions arriving late change nothing.
 */
@Injectable()
export class PasswordPolicy {
  constructor(private readonly policies: PasswordPolicyRepository) {}

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.security_policy_updated') return;
    await this.apply(event.data.policy);
  }

  /** Keeps `policy` if it is newer than the one stored (conditional on the revision read). */
  async apply(policy: SecurityPolicy): Promise<void> {
    await this.policies.keep(policy);
  }

  async rules(): Promise<SecurityRules> {
    return (await this.policies.current()) ?? DEFAULT_SECURITY_RULES;
  }

  /** 400 naming every rule the password breaks ("password must be at least 12 characters and contain a number"). */
  /**
   * Whether a password set at `setAt` has outlived the policy's expiry (0: never). Passwords the
   * system set (the demo accounts') are not the policy's, as at their creation.
   */
  async isExpired(setAt: Date, exempt: boolean, now = new Date()): Promise<boolean> {
    if (exempt) return false;
    const days = (await this.rules()).password_expiry_days;
    return days > 0 && now.getTime() - setAt.getTime() > days * 86_400_000;
  }

  async check(password: string): Promise<void> {
    const problems = passwordProblems(password, await this.rules());
    if (!problems.length) return;
    const length = problems.filter((p) => p.startsWith('at least'));
    const kinds = problems.filter((p) => !p.startsWith('at least'));
    const parts = [...length.map((p) => `be ${p}`), ...(kinds.length ? [`contain ${kinds.join(', ')}`] : [])];
    throw new AuthError(AuthErrorCode.WeakPassword, `password must ${parts.join(' and ')}`);
  }
}
