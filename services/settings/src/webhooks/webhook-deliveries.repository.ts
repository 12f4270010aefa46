import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryStatus } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { DeliveryDoc } from './webhooks.store';

/** Deliveries still to attempt. */
const OPEN: WebhookDeliveryStatus[] = ['pending', 'retrying'];

/** The messages owed to webhooks, each with the time of its next attempt (a durable timer). */
@Injectable()
export class WebhookDeliveriesRepository extends CollectionRepository<DeliveryDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<DeliveryDoc>('webhook_deliveries'), {
      indexes: [
        // due(): the open deliveries whose next attempt has come.
        { status: 1, next_attempt_at: 1 },
      ],
    });
  }

  /** Owes the message unless it is owed already (its `_id` names the webhook and the message): false then. */
  owe(delivery: DeliveryDoc): Promise<boolean> {
    return this.insertOnce(delivery);
  }

  /** The open deliveries due at `now`, oldest first. */
  due(limit: number, now: Date): Promise<DeliveryDoc[]> {
    return this.findMatching(
      { status: { $in: OPEN }, next_attempt_at: { $lte: now } },
      { sort: { next_attempt_at: 1 }, limit },
    );
  }

  /**
   * Claims attempt `attempt` of a delivery read with `attempts` made, its next time moved to `until`:
   * false when another runner claimed it (or it closed) since it was read.
   */
  claim(delivery: DeliveryDoc, attempt: number, until: Date): Promise<boolean> {
    return this.updateById(
      delivery._id,
      { $set: { attempts: attempt, next_attempt_at: until, updated_at: new Date() } },
      { attempts: delivery.attempts, status: { $in: OPEN } },
    );
  }

  /** The outcome of the attempt claimed (`attempt`), and when the next one is due. */
  async settle(id: string, attempt: number, status: WebhookDeliveryStatus, next: Date): Promise<void> {
    await this.updateById(
      id,
      { $set: { status, next_attempt_at: next, updated_at: new Date() } },
      { attempts: attempt },
    );
  }

  async remove(id: string): Promise<void> {
    await this.deleteById(id);
  }

  /** Forgets what a removed webhook was owed. */
  async removeForWebhook(webhookId: string): Promise<void> {
    await this.deleteMatching({ webhook_id: webhookId });
  }
}
