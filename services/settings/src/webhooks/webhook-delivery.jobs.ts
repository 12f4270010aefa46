import { Injectable } from '@nestjs/common';
import { DOMAIN_TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { SettingsConfigRef } from '../config.provider';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Attempts made at once by the runner (each waits at most its webhook's time-out). */
const PARALLEL = 8;

const logger = createLogger('settings:webhook-delivery');

/**
 * Webhook delivery, in two halves that survive restarts: a consumer that turns each domain event
 * into the deliveries it owes (stored), and one runner per deployment (a lease) that makes the due
 * attempts, whose next times are stored too.
 */
@Injectable()
export class WebhookDeliveryJobs extends SingletonTimer {
  constructor(
    private readonly webhooks: WebhookDeliveryService,
    private readonly kafka: KafkaLifecycle,
    private readonly config: SettingsConfigRef,
  ) {
    super('webhook-deliveries', { intervalMs: config.value.webhookSweepMs, logger });
  }

  override onApplicationBootstrap() {
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
    super.onApplicationBootstrap();
  }

  protected work(): Promise<void> {
    return this.runDue();
  }

  /** Makes the due attempts, a few at a time, until none is due (or a turn's worth is done). */
  private async runDue(): Promise<void> {
    for (let round = 0; round < 10; round++) {
      const due = await this.webhooks.due(PARALLEL * 4);
      if (!due.length) return;
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          const d = due[next++];
          await this.webhooks
            .attempt(d)
            .catch((err) => logger.error({ err, delivery: d._id }, 'delivery attempt failed'));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
    }
  }
}
