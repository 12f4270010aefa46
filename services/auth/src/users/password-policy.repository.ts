import { Injectable } from '@nestjs/common';
import type { SecurityPolicy, SecurityRules } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

interface PolicyDoc {
  _id: 'current';
  rules: SecurityRules;
  rev: number;
}

/** The password policy settings published, one document at the highest revision seen. */
@Injectable()
export class PasswordPolicyRepository extends CollectionRepository<PolicyDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<PolicyDoc>('password_policy'));
  }

  /** Keeps `policy` if it is newer than the one stored; an older or repeated revision changes nothing. */
  keep(policy: SecurityPolicy): Promise<boolean> {
    return this.keepNewestRevision('current', policy.rev, { rules: policy.rules });
  }

  /** The rules kept, or null before any was published. */
  async current(): Promise<SecurityRules | null> {
    return (await this.findById('current'))?.rules ?? null;
  }
}
