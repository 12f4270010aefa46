import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { WorkConfigRef } from '../config.provider';
import { PresenceRepository } from './presence.repository';

/**
 * Presence: the gateway's sightings of signed-in users (`user.seen`), kept per user. Idempotent by
 * construction: a sighting is kept only when later than the stored one.
 */
@Injectable()
export class PresenceConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly presence: PresenceRepository,
    private readonly config: WorkConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      // From the beginning: a new group loses no sighting made while it was joining (old ones are
      // harmless: only a later sighting replaces the stored one).
      { groupId: `${this.config.value.mongoDb}-presence`, topics: [TOPICS.presence], fromBeginning: true },
      (event) => this.apply(event),
    );
  }

  async apply(event: EventEnvelope): Promise<void> {
    if (event.type === 'user.seen')
      await this.presence.seen(event.data.email, event.data.user_id, new Date(event.data.at));
  }
}
