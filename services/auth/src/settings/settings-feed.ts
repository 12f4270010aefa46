import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { AuthConfigRef } from '../config.provider';
import { PasswordPolicy } from '../users/password-policy';
import { SessionLifetime } from './session-lifetime';

/**
 * What auth applies from the settings service (settings.events.v1): the password policy and the
 * session lifetime. One group, reading the topic from the start so that a new auth deployment learns
 * what is in force; each handler keeps the highest revision only. The group keeps the name it had
 * when it followed the password policy alone (deployments and tests know it).
 */
@Injectable()
export class SettingsFeed implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly config: AuthConfigRef,
    private readonly policy: PasswordPolicy,
    private readonly lifetime: SessionLifetime,
  ) {}

  static groupOf(mongoDb: string): string {
    return `${mongoDb}-password-policy`;
  }

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: SettingsFeed.groupOf(this.config.value.mongoDb), topics: [TOPICS.settings], fromBeginning: true },
      async (event) => {
        await this.policy.handle(event);
        await this.lifetime.handle(event);
      },
    );
  }
}
