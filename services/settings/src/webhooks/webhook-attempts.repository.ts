import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryAttempt } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { AttemptDoc } from './webhooks.store';

function toAttempt(a: AttemptDoc): WebhookDeliveryAttempt {
  return {
    id: String(a._id),
    webhook_id: a.webhook_id,
    message_id: a.message_id,
    event: a.event,
    attempt: a.attempt,
    status: a.status,
    status_code: a.status_code,
    duration_ms: a.duration_ms,
    error: a.error,
    created_at: a.created_at.toISOString(),
  };
}

/** The delivery log: every attempt made, a log kept per webhook. */
@Injectable()
export class WebhookAttemptsRepository extends CollectionRepository<AttemptDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<AttemptDoc>('webhook_attempts'), {
      indexes: [
        // recent(): a webhook's attempts, newest first.
        { webhook_id: 1, created_at: -1 },
      ],
    });
  }

  async record(attempt: AttemptDoc): Promise<WebhookDeliveryAttempt> {
    await this.insertNew(attempt);
    return toAttempt(attempt);
  }

  /** A webhook's latest attempts (at most `limit`), newest first. */
  async recent(webhookId: string, limit: number): Promise<WebhookDeliveryAttempt[]> {
    const rows = await this.findMatching({ webhook_id: webhookId }, { sort: { created_at: -1, _id: -1 }, limit });
    return rows.map(toAttempt);
  }

  async removeForWebhook(webhookId: string): Promise<void> {
    await this.deleteMatching({ webhook_id: webhookId });
  }
}
