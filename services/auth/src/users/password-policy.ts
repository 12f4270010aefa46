import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DEFAULT_SECURITY_RULES,
  passwordProblems,
  TOPICS,
  type EventEnvelope,
  type SecurityPolicy,
  type SecurityRules,
} from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { InjectConnection, isDuplicateKey, storeOfCollection } from '@sixa/mongo';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { AuthConfigRef } from '../config.provider';

interface PolicyDoc {
  _id: 'current';
  rules: SecurityRules;
  rev: number;
}

/**
 * The password policy the settings service publishes (settings.events.v1), kept in auth's own
 * database at the highest revision seen, so every replica enforces the same rules and a restart
 * keeps them. Its group reads the topic from the start: a new auth deployment learns the policy
 * in force, and older revisions arriving late change nothing.
 */
@Injectable()
export class PasswordPolicy implements OnApplicationBootstrap {
  private readonly policies: Collection<PolicyDoc>;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly kafka: KafkaLifecycle,
    private readonly config: AuthConfigRef,
  ) {
    this.policies = connection.collection<PolicyDoc>('password_policy');
  }

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: `${this.config.value.mongoDb}-password-policy`, topics: [TOPICS.settings], fromBeginning: true },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.security_policy_updated') return;
    // Another settings deployment on the same Kafka (tests share one): not our policy.
    if (event.data.deployment !== this.config.value.settingsDb) return;
    await this.apply(event.data.policy);
  }

  /** Keeps `policy` if it is newer than the one stored (conditional on the revision read). */
  async apply(policy: SecurityPolicy): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const stored = await this.policies.findOne({ _id: 'current' });
      if (stored && stored.rev >= policy.rev) return;
      if (!stored) {
        try {
          await this.policies.insertOne({ _id: 'current', rules: policy.rules, rev: policy.rev });
          return;
        } catch (e) {
          if (!isDuplicateKey(e)) throw e;
          continue;
        }
      }
      const done = await storeOfCollection(this.policies).write('password_policy', 'current', () =>
        this.policies.updateOne(
          { _id: 'current', rev: stored.rev },
          { $set: { rules: policy.rules, rev: policy.rev } },
        ),
      );
      if (done.modifiedCount) return;
    }
  }

  async rules(): Promise<SecurityRules> {
    return (await this.policies.findOne({ _id: 'current' }))?.rules ?? DEFAULT_SECURITY_RULES;
  }

  /** 400 naming every rule the password breaks ("password must be at least 12 characters and contain a number"). */
  async check(password: string): Promise<void> {
    const problems = passwordProblems(password, await this.rules());
    if (!problems.length) return;
    const length = problems.filter((p) => p.startsWith('at least'));
    const kinds = problems.filter((p) => !p.startsWith('at least'));
    const parts = [...length.map((p) => `be ${p}`), ...(kinds.length ? [`contain ${kinds.join(', ')}`] : [])];
    throw new AuthError(AuthErrorCode.WeakPassword, `password must ${parts.join(' and ')}`);
  }
}
