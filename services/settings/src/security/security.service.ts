import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import { securityRulesOf, type SecurityPolicy, type UpdateSecurityPolicyDto } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { changedOrThrow, SettingsError, SettingsErrorCode } from '../settings.errors';
import { SecurityPolicyRepository } from './security-policy.repository';

const strip = ({ etag, rules, updated_by, updated_by_name, updated_at, rev }: SecurityPolicy): SecurityPolicy => ({
  etag,
  rules,
  updated_by,
  updated_by_name,
  updated_at,
  rev,
});

/**
 * The password policy: stored once, changed by admins, published on settings.events.v1 with every
 * change (outbox), and enforced by auth, which keeps the latest revision it has seen.
 */
@Injectable()
export class SecurityService {
  constructor(private readonly policies: SecurityPolicyRepository) {}

  async get(): Promise<SecurityPolicy> {
    return this.policies.toPolicy(await this.policies.current());
  }

  /** `expectedRev`: the revision the editor read (If-Match, else the body's `rev`); 409 if it changed since. */
  async update(actor: AuthUser, dto: UpdateSecurityPolicyDto, expectedRev = dto.rev): Promise<SecurityPolicy> {
    await this.policies.current();
    const result = await this.policies.replace(
      securityRulesOf(dto.rules),
      actor,
      (policy) => [
        createEvent('settings', 'settings.security_policy_updated', 'security', actor.id, {
          policy: strip(policy),
        }),
      ],
      expectedRev,
    );
    return strip(
      changedOrThrow(
        result,
        'security policy',
        SettingsErrorCode.SecurityPolicyChanged,
        () => new SettingsError(SettingsErrorCode.SecurityPolicyNotFound, 'The security policy is missing'),
      ),
    );
  }
}
