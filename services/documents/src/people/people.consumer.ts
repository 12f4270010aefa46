import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { DocumentsConfigRef } from '../config.provider';
import { PeopleRepository } from './people.repository';

const USER_EVENTS = new Set(['user.created', 'user.updated', 'user.activated', 'user.deactivated', 'user.deleted']);

/**
 * Keeps the people read model from auth's events, from the topic's start (so that the names of
 * people who made documents before this service first ran are known too). Idempotent: each name is
 * kept with its event's time and only a later one replaces it. A deleted user keeps their name:
 * the versions they made are still theirs.
 */
@Injectable()
export class PeopleConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly people: PeopleRepository,
    private readonly config: DocumentsConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-people`,
        topics: [TOPICS.auth],
        fromBeginning: true,
        types: USER_EVENTS,
      },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    switch (event.type) {
      case 'user.created':
      case 'user.updated':
      case 'user.activated':
      case 'user.deactivated':
      case 'user.deleted':
        await this.people.remember(event.data.user.id, event.data.user.name, new Date(event.time));
        return;
      default:
        return;
    }
  }
}
