import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DOMAIN_TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { leasedTimer } from '@sixa/mongo';
import { SettingsConfigRef } from '../config.provider';
import { WebhookDeliveryService } from './webhook-delivery.service';

/*
 * Webhook delivery, in two halves that survive restarts: a consumer that turns each domain event
 * into the deliveries it owes (stored), and one runner per deployment (a lease) that makes the due
 * attempts, whose next times are stored too.
 */

/** Every domain event, read by every replica (one group): the deliveries it owes, stored. */
@Injectable()
export class WebhookEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly webhooks: WebhookDeliveryService,
    private readonly kafka: KafkaLifecycle,
    private readonly config: SettingsConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-webhooks`,
        topics: [...DOMAIN_TOPICS],
        fromBeginning: false,
        keyConcurrency: 8,
      },
      async (event) => {
        await this.webhooks.enqueue(event);
      },
    );
  }
}

/** The due attempts, in one replica at a time (a lease). */
export const WebhookDeliveryTimer = leasedTimer(
  'webhook-deliveries',
  [WebhookDeliveryService, SettingsConfigRef],
  (webhooks, config) => ({
    every: config.value.webhookSweepMs,
    turn: async () => ({ attempted: await webhooks.runDue() }),
  }),
);
