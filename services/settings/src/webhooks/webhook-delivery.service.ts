import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { EventEnvelope, WebhookDeliveryAttempt, WebhookDeliveryStatus } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { checkWebhook, postPinned, WebhookRefused, webhookHeaders, type WebhookPolicy } from '@sixa/outbound';
import { ObjectId } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { SettingsConfigRef } from '../config.provider';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhooksRepository } from './webhooks.repository';
import type { DeliveryDoc, WebhookDoc } from './webhooks.store';

/** Longest wait between two attempts, whatever the back-off. */
const MAX_BACKOFF_MS = 24 * 3600_000;

/** The message POST /settings/webhooks/{id}/test sends: no domain event, so not in the event map. */
export interface WebhookTestMessage {
  type: 'webhook.test';
  time: string;
  data: { webhook_id: string; requested_by: string };
}

/** What a webhook is sent: a domain event's type, time and data, or the test message. */
export type WebhookMessage = Pick<EventEnvelope, 'type' | 'time' | 'data'> | WebhookTestMessage;

/** The Standard Webhooks body: the message's type, time and data. */
export function webhookPayload(message: WebhookMessage): string {
  return JSON.stringify({ type: message.type, timestamp: message.time, data: message.data });
}

/** What one POST to a webhook came to. */
interface Outcome {
  ok: boolean;
  retry: boolean;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

/** Attempts made at once by the runner (each waits at most its webhook's time-out). */
const PARALLEL = 8;

/**
 * Webhook delivery: every domain event of a type a webhook subscribes to is owed to it as a delivery
 * (stored), sent signed by the runner with retries and back-off; each attempt is logged and counted
 * on its webhook.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = createLogger('settings:webhooks');

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly config: SettingsConfigRef,
  ) {}

  /** Which addresses webhooks may reach (the outbound guard's settings). */
  get policy(): WebhookPolicy {
    const c = this.config.value;
    return { allowPrivate: c.webhookAllowPrivate, allowHosts: c.webhookAllowHosts, resolveOverrides: c.webhookResolve };
  }

  /** The deliveries an event owes: one per active webhook subscribed to its type (a redelivered event owes none more). */
  async enqueue(event: EventEnvelope): Promise<number> {
    let made = 0;
    for (const id of await this.webhooks.subscribedTo(event.type)) if (await this.owe(id, event.id, event)) made++;
    return made;
  }

  /**
   * One message owed to one webhook under `messageId` (a business rule's call_webhook action): owed
   * once whatever the repeats; false if it already was, or the webhook is gone.
   */
  owe(webhookId: string, messageId: string, message: WebhookMessage): Promise<boolean> {
    const now = new Date();
    return this.deliveries.owe({
      _id: `${webhookId}:${messageId}`,
      webhook_id: webhookId,
      message_id: messageId,
      event: message.type,
      payload: webhookPayload(message),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    });
  }

  /** The deliveries due now (the runner's turn), oldest first. */
  due(limit: number, now = new Date()): Promise<DeliveryDoc[]> {
    return this.deliveries.due(limit, now);
  }

  /** One signed `webhook.test` message now (logged; not retried). */
  async test(actor: AuthUser, hook: WebhookDoc): Promise<WebhookDeliveryAttempt> {
    const messageId = `msg_test_${randomUUID()}`;
    const payload = webhookPayload({
      type: 'webhook.test',
      time: new Date().toISOString(),
      data: { webhook_id: String(hook._id), requested_by: actor.id },
    });
    const outcome = await this.send(hook, messageId, payload);
    const status = outcome.ok ? 'succeeded' : 'failed';
    return this.record(hook, { message_id: messageId, event: 'webhook.test', attempt: 1, status }, outcome);
  }

  /**
   * Makes one attempt of a due delivery. The attempt is claimed first (its number, and a next time
   * past its time-out, in one conditional update): a runner that took over meanwhile claims nothing,
   * and an attempt whose process died is made again once that time passes (receivers drop repeats
   * by `webhook-id`).
   */
  async attempt(delivery: DeliveryDoc): Promise<void> {
    const hook = await this.webhooks.byId(delivery.webhook_id);
    if (!hook) {
      await this.deliveries.remove(delivery._id);
      return;
    }
    const attempt = delivery.attempts + 1;
    const claimUntil = new Date(Date.now() + hook.timeout_seconds * 1000 + 60_000);
    if (!(await this.deliveries.claim(delivery, attempt, claimUntil))) return;
    const outcome: Outcome = hook.is_active
      ? await this.send(hook, delivery.message_id, delivery.payload)
      : { ok: false, retry: false, status_code: null, duration_ms: null, error: 'the webhook was deactivated' };
    const retry = !outcome.ok && outcome.retry && attempt <= hook.retry_attempts;
    const status = outcome.ok ? 'succeeded' : retry ? 'retrying' : 'failed';
    const backoff = Math.min(hook.retry_delay_seconds * 1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
    await this.deliveries.settle(delivery._id, attempt, status, new Date(Date.now() + (retry ? backoff : 0)));
    await this.record(hook, { message_id: delivery.message_id, event: delivery.event, attempt, status }, outcome);
  }

  /** Logs an attempt and counts it on its webhook. */
  private async record(
    hook: WebhookDoc,
    made: { message_id: string; event: string; attempt: number; status: WebhookDeliveryStatus },
    outcome: Outcome,
  ): Promise<WebhookDeliveryAttempt> {
    const logged = await this.attempts.record({
      _id: new ObjectId(),
      webhook_id: String(hook._id),
      ...made,
      status_code: outcome.status_code,
      duration_ms: outcome.duration_ms,
      error: outcome.error,
      created_at: new Date(),
    });
    await this.webhooks.countAttempt(hook._id, outcome.ok);
    return logged;
  }

  /**
   * One signed POST, to the address the guard checked just now (no redirect followed). A refused
   * address is not retried (it will be refused again); a time-out, a network error and any answer
   * but 2xx are.
   */
  private async send(hook: WebhookDoc, messageId: string, payload: string): Promise<Outcome> {
    let target;
    try {
      target = await checkWebhook(hook.url, this.policy);
    } catch (e) {
      const refused = e instanceof WebhookRefused;
      return { ok: false, retry: !refused, status_code: null, duration_ms: null, error: (e as Error).message };
    }
    const started = Date.now();
    try {
      const { status } = await postPinned(target, {
        headers: {
          ...hook.headers,
          'content-type': 'application/json',
          'user-agent': 'SIXA-Webhooks/1',
          ...webhookHeaders(hook.secret, messageId, payload),
        },
        body: payload,
        timeoutMs: hook.timeout_seconds * 1000,
      });
      const ok = status >= 200 && status < 300;
      return {
        ok,
        retry: !ok,
        status_code: status,
        duration_ms: Date.now() - started,
        error: ok ? null : `the receiver answered ${status}`,
      };
    } catch (e) {
      const err = e as Error;
      const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
      this.logger.debug({ err, webhook: String(hook._id) }, 'webhook attempt failed');
      return {
        ok: false,
        retry: true,
        status_code: null,
        duration_ms: Date.now() - started,
        error: timedOut ? `no answer within ${hook.timeout_seconds} s` : err.message,
      };
    }
  }

  /** Makes the due attempts, a few at a time, until none is due (or a turn's worth is done); how many were made. */
  async runDue(): Promise<number> {
    let attempted = 0;
    for (let round = 0; round < 10; round++) {
      const due = await this.due(PARALLEL * 4);
      if (!due.length) return attempted;
      attempted += due.length;
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          const d = due[next++];
          await this.attempt(d).catch((err) => this.logger.error({ err, delivery: d._id }, 'delivery attempt failed'));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
    }
    return attempted;
  }
}
