import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { WorkConfigRef } from '../config.provider';
import { NotificationRecipientsRepository } from './notification-recipients.repository';
import { NOTIFYING_EVENTS, NotificationsService } from './notifications.service';

/** The user events the recipients are kept from. */
const USER_EVENTS: ReadonlySet<string> = new Set([
  'user.created',
  'user.updated',
  'user.activated',
  'user.deactivated',
  'user.deleted',
  'user.preferences_updated',
]);

/**
 * Two consumers: the users (auth.events.v1, from its start, so that a new deployment knows everyone's
 * address and frequency) and what concerns them (work.events.v1, from now on: a new deployment does
 * not mail the past). Both are idempotent.
 */
@Injectable()
export class NotificationsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly recipients: NotificationRecipientsRepository,
    private readonly service: NotificationsService,
    private readonly config: WorkConfigRef,
  ) {}

  static groupsOf(mongoDb: string) {
    return { recipients: `${mongoDb}-notification-recipients`, collector: `${mongoDb}-notifications` };
  }

  onApplicationBootstrap() {
    const groups = NotificationsConsumer.groupsOf(this.config.value.mongoDb);
    this.kafka.consume(
      // Users apart at once (order holds per user): a new deployment reads the topic's history quickly.
      { groupId: groups.recipients, topics: [TOPICS.auth], fromBeginning: true, types: USER_EVENTS, keyConcurrency: 8 },
      (event) => this.recipients.apply(event),
    );
    this.kafka.consume(
      { groupId: groups.collector, topics: [TOPICS.work], fromBeginning: false, types: NOTIFYING_EVENTS },
      (event) => this.service.collect(event),
    );
  }
}
