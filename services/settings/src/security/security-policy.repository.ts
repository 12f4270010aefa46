import { Injectable } from '@nestjs/common';
import { DEFAULT_SECURITY_RULES, securityRulesOf, type EventEnvelope, type SecurityPolicy } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isDuplicateKey, revisionTag, type ChangeResult } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { Actor } from '../entries/entries.repository';
import { SecurityPolicySchema, type SecurityPolicyDoc } from './security-policy.schema';

const KEY = { key: 'security' as const };

/** The identity the one policy's revision tag is made from (it has no id in its path). */
export const SECURITY_POLICY_IDENTITY = 'settings:security';

@Injectable()
export class SecurityPolicyRepository extends BaseRepository<SecurityPolicyDoc, SecurityPolicy & { id: string }> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<SecurityPolicyDoc>('SecurityPolicy', SecurityPolicySchema), { outbox: relay });
  }

  toPolicy(doc: SecurityPolicyDoc): SecurityPolicy {
    return {
      etag: revisionTag(SECURITY_POLICY_IDENTITY, doc.rev ?? 0),
      rules: securityRulesOf(doc.rules),
      updated_by: doc.updated_by,
      updated_by_name: doc.updated_by ? (doc.updated_by_name ?? null) : null,
      updated_at: doc.updated_by ? new Date(doc.updated_at).toISOString() : null,
      rev: doc.rev ?? 0,
    };
  }

  /** The stored policy, made with the defaults the first time it is read (once, whoever races). */
  async current(): Promise<SecurityPolicyDoc> {
    const found = (await this.model.findOne(KEY).lean()) as SecurityPolicyDoc | null;
    if (found) return found;
    try {
      await this.insert({ ...KEY, rules: DEFAULT_SECURITY_RULES, updated_by: null, updated_by_name: null });
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
    return (await this.model.findOne(KEY).lean()) as SecurityPolicyDoc;
  }

  /** Replaces the rules in one conditional update on the revision read (`expectedRev`: the editor's). */
  replace(
    rules: SecurityPolicyDoc['rules'],
    by: Actor,
    events: (policy: SecurityPolicy) => EventEnvelope[],
    expectedRev?: number,
  ): Promise<ChangeResult<SecurityPolicy & { id: string }>> {
    return this.change(
      KEY,
      () => ({
        set: { rules, updated_by: by.id, updated_by_name: by.name },
        events: (after) => events(after),
      }),
      { expectedRev },
    );
  }

  override map(doc: unknown): SecurityPolicy & { id: string } {
    const d = doc as SecurityPolicyDoc;
    return { id: String(d._id), ...this.toPolicy({ ...d, updated_at: d.updated_at ?? new Date() }) };
  }
}
