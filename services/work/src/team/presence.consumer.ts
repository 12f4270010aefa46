import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { WorkConfigRef } from '../config.provider';
import { TeamRepository } from './team.repository';

/**
 * Presence: the gateway's sightings of signed-in users (`user.seen`) keep each member's `last_seen_at`.
 * Idempotent by construction: a sighting is kept only when later than the stored one.
 */
@Injectable()
export class PresenceConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly team: TeamRepository,
    private readonly config: WorkConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      // Old sightings say nothing about who is online now: a new group starts at the end.
      { groupId: `${this.config.value.mongoDb}-presence`, topics: [TOPICS.presence], fromBeginning: false },
      (event) => this.apply(event),
    );
  }

  async apply(event: EventEnvelope): Promise<void> {
    if (event.type === 'user.seen') await this.team.seen(event.data.email, new Date(event.data.at));
  }
}
