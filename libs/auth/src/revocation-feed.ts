import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { randomUUID } from 'node:crypto';
import { RevocationList } from './revocations';

/** Provide a consumer-group prefix under this token to use RevocationFeed. */
export const REVOCATION_GROUP = Symbol('REVOCATION_GROUP');

/**
 * Keeps a process's revocation list current from the auth service's events. Each process reads the
 * whole topic with a group of its own (a suffix per start), so that it knows every revocation still
 * inside a token's lifetime; Kafka expires the abandoned groups after its offsets retention.
 */
@Injectable()
export class RevocationFeed implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly revocations: RevocationList,
    @Inject(REVOCATION_GROUP) private readonly groupPrefix: string,
  ) {}

  onApplicationBootstrap(): void {
    this.kafka.consume(
      { groupId: `${this.groupPrefix}-${randomUUID().slice(0, 8)}`, topics: [TOPICS.auth], fromBeginning: true },
      async (event) => this.revocations.apply(event),
    );
  }
}
