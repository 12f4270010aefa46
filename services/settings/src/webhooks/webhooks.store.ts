import type { Webhook, WebhookDeliveryStatus } from '@sixa/contracts';
import type { ObjectId } from 'mongodb';

/** A webhook as stored: the API's fields and its signing secret (never answered after creation). */
export interface WebhookDoc extends Omit<Webhook, 'id' | 'etag' | 'created_at' | 'updated_at'> {
  _id: ObjectId;
  /** Revision: moved on by every edit (not by the delivery counts); absent on webhooks made before it. */
  rev?: number;
  secret: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * One message owed to one webhook (`_id`: webhook id and message id, so an event redelivered by
 * Kafka is owed once). Its next attempt is a durable timer: `next_attempt_at`, read by whichever
 * process runs the deliveries.
 */
export interface DeliveryDoc {
  _id: string;
  webhook_id: string;
  message_id: string;
  event: string;
  /** The JSON body, as signed. */
  payload: string;
  status: WebhookDeliveryStatus;
  /** Attempts made (or started) so far. */
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** One attempt, as the delivery log shows it. */
export interface AttemptDoc {
  _id: ObjectId;
  webhook_id: string;
  message_id: string;
  event: string;
  attempt: number;
  status: WebhookDeliveryStatus;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: Date;
}

/** Which webhooks an event type goes to: exact types, `lead.*`, or `*`. */
export function matchingPatterns(type: string): string[] {
  const parts = type.split('.');
  const prefixes = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.*`);
  return ['*', type, ...prefixes];
}
