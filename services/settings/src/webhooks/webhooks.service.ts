import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  WEBHOOK_DEFAULTS,
  type CreatedWebhook,
  type CreateWebhookDto,
  type EventEnvelope,
  type UpdateWebhookDto,
  type Webhook,
  type WebhookDeliveryAttempt,
} from '@sixa/contracts';
import {
  InjectConnection,
  isObjectId,
  revisionTag,
  staleDetail,
  storeOfCollection,
  updateAtRevision,
} from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import {
  checkWebhook,
  newWebhookSecret,
  postPinned,
  WebhookRefused,
  webhookHeaders,
  type WebhookPolicy,
} from '@sixa/outbound';
import { ObjectId, type Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { SettingsConfigRef } from '../config.provider';
import { SettingsError, SettingsErrorCode } from '../settings.errors';
import { matchingPatterns, type AttemptDoc, type DeliveryDoc, type WebhookDoc } from './webhooks.store';

/** Headers a webhook's own `headers` may not set: the signature's, and the transport's. */
const RESERVED_HEADERS = /^(webhook-|content-type$|content-length$|host$|transfer-encoding$|connection$)/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Attempts shown per webhook at most. */
const LOG_LIMIT = 200;
/** Longest wait between two attempts, whatever the back-off. */
const MAX_BACKOFF_MS = 24 * 3600_000;

const notFound = () => new SettingsError(SettingsErrorCode.WebhookNotFound, 'No such webhook');
const invalid = (detail: string) => new SettingsError(SettingsErrorCode.InvalidWebhook, detail);

function toWebhook(d: WebhookDoc): Webhook {
  return {
    id: String(d._id),
    etag: revisionTag(String(d._id), d.rev ?? 0),
    name: d.name,
    url: d.url,
    events: d.events,
    retry_attempts: d.retry_attempts,
    retry_delay_seconds: d.retry_delay_seconds,
    timeout_seconds: d.timeout_seconds,
    headers: d.headers ?? {},
    created_by: d.created_by,
    is_active: d.is_active,
    success_count: d.success_count ?? 0,
    failure_count: d.failure_count ?? 0,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}

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

/** The Standard Webhooks body: the event's type, time and data. */
export function webhookPayload(event: Pick<EventEnvelope, 'type' | 'time' | 'data'>): string {
  return JSON.stringify({ type: event.type, timestamp: event.time, data: event.data });
}

/**
 * Webhooks (Settings › Integration Settings): kept with their secret; every domain event of a type
 * they subscribe to is owed to them as a delivery (WebhookDispatcher), sent signed by the runner
 * with retries and back-off; each attempt is logged and counted.
 */
@Injectable()
export class WebhooksService implements OnModuleInit {
  readonly webhooks: Collection<WebhookDoc>;
  readonly deliveries: Collection<DeliveryDoc>;
  readonly attempts: Collection<AttemptDoc>;
  private readonly logger = createLogger('settings:webhooks');

  constructor(
    @InjectConnection() connection: Connection,
    private readonly config: SettingsConfigRef,
  ) {
    this.webhooks = connection.collection<WebhookDoc>('webhooks');
    this.deliveries = connection.collection<DeliveryDoc>('webhook_deliveries');
    this.attempts = connection.collection<AttemptDoc>('webhook_attempts');
  }

  async onModuleInit() {
    await this.webhooks.createIndex({ events: 1, is_active: 1 });
    await this.deliveries.createIndex({ status: 1, next_attempt_at: 1 });
    await this.attempts.createIndex({ webhook_id: 1, created_at: -1 });
  }

  get policy(): WebhookPolicy {
    const c = this.config.value;
    return { allowPrivate: c.webhookAllowPrivate, allowHosts: c.webhookAllowHosts, resolveOverrides: c.webhookResolve };
  }

  /** The URL as the guard sees it now: a 400 naming why it is refused (no connection is made). */
  private async checkUrl(url: string): Promise<void> {
    try {
      await checkWebhook(url, this.policy);
    } catch (e) {
      if (e instanceof WebhookRefused) throw invalid(e.message);
      throw invalid(`webhook url ${url} cannot be resolved: ${(e as Error).message}`);
    }
  }

  private checkHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    const entries = Object.entries(headers ?? {});
    if (entries.length > 20) throw invalid('headers: at most 20');
    for (const [name, value] of entries) {
      if (!HEADER_NAME.test(name)) throw invalid(`headers: "${name}" is not a header name`);
      if (RESERVED_HEADERS.test(name)) throw invalid(`headers: ${name} is set by the delivery itself`);
      if (typeof value !== 'string' || value.length > 1000 || /[\r\n]/.test(value))
        throw invalid(`headers: the value of ${name} must be one line of text (at most 1000 characters)`);
      out[name] = value;
    }
    return out;
  }

  async list(): Promise<Webhook[]> {
    return (await this.webhooks.find().sort({ created_at: -1 }).toArray()).map(toWebhook);
  }

  private async doc(id: string): Promise<WebhookDoc> {
    const d = isObjectId(id) ? await this.webhooks.findOne({ _id: new ObjectId(id) }) : null;
    if (!d) throw notFound();
    return d;
  }

  async create(actor: AuthUser, dto: CreateWebhookDto): Promise<CreatedWebhook> {
    const missing = (['name', 'url', 'events'] as const).filter((f) => dto[f] === undefined);
    if (missing.length) throw invalid(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`);
    await this.checkUrl(dto.url!);
    const now = new Date();
    const doc: WebhookDoc = {
      _id: new ObjectId(),
      name: dto.name!.trim(),
      url: dto.url!.trim(),
      events: [...new Set(dto.events!)],
      retry_attempts: dto.retry_attempts ?? WEBHOOK_DEFAULTS.retry_attempts,
      retry_delay_seconds: dto.retry_delay_seconds ?? WEBHOOK_DEFAULTS.retry_delay_seconds,
      timeout_seconds: dto.timeout_seconds ?? WEBHOOK_DEFAULTS.timeout_seconds,
      headers: this.checkHeaders(dto.headers),
      created_by: actor.id,
      is_active: dto.is_active ?? true,
      success_count: 0,
      failure_count: 0,
      secret: newWebhookSecret(),
      rev: 0,
      created_at: now,
      updated_at: now,
    };
    await this.webhooks.insertOne(doc);
    return { ...toWebhook(doc), secret: doc.secret };
  }

  /** `expectedRev`: the revision the editor read; a webhook changed since is not overwritten (409). */
  async update(id: string, dto: UpdateWebhookDto, expectedRev?: number): Promise<Webhook> {
    const current = await this.doc(id);
    if (dto.url !== undefined) await this.checkUrl(dto.url);
    const set: Partial<WebhookDoc> = { updated_at: new Date() };
    if (dto.name !== undefined) set.name = dto.name.trim();
    if (dto.url !== undefined) set.url = dto.url.trim();
    if (dto.events !== undefined) set.events = [...new Set(dto.events)];
    if (dto.retry_attempts !== undefined) set.retry_attempts = dto.retry_attempts;
    if (dto.retry_delay_seconds !== undefined) set.retry_delay_seconds = dto.retry_delay_seconds;
    if (dto.timeout_seconds !== undefined) set.timeout_seconds = dto.timeout_seconds;
    if (dto.headers !== undefined) set.headers = this.checkHeaders(dto.headers);
    if (dto.is_active !== undefined) set.is_active = dto.is_active;
    const result = await updateAtRevision(this.webhooks, current._id, set, expectedRev);
    if (result.status === 'missing') throw notFound();
    if (result.status === 'stale')
      throw new SettingsError(SettingsErrorCode.WebhookChanged, staleDetail('webhook', result.rev));
    return toWebhook(result.doc);
  }

  /** Removes the webhook, what it is still owed, and its log. */
  async remove(id: string): Promise<void> {
    const current = await this.doc(id);
    await storeOfCollection(this.webhooks).write('webhooks', id, () => this.webhooks.deleteOne({ _id: current._id }));
    await this.deliveries.deleteMany({ webhook_id: id });
    await this.attempts.deleteMany({ webhook_id: id });
  }

  async log(id: string): Promise<WebhookDeliveryAttempt[]> {
    await this.doc(id);
    const rows = await this.attempts
      .find({ webhook_id: id })
      .sort({ created_at: -1, _id: -1 })
      .limit(LOG_LIMIT)
      .toArray();
    return rows.map(toAttempt);
  }

  /** POST /settings/webhooks/{id}/test: one signed `webhook.test` message now (logged; not retried). */
  async test(actor: AuthUser, id: string): Promise<WebhookDeliveryAttempt> {
    const hook = await this.doc(id);
    const messageId = `msg_test_${randomUUID()}`;
    const payload = webhookPayload({
      type: 'webhook.test' as EventEnvelope['type'],
      time: new Date().toISOString(),
      data: { webhook_id: id, requested_by: actor.id } as unknown as EventEnvelope['data'],
    });
    const outcome = await this.send(hook, messageId, payload);
    const attempt: AttemptDoc = {
      _id: new ObjectId(),
      webhook_id: id,
      message_id: messageId,
      event: 'webhook.test',
      attempt: 1,
      status: outcome.ok ? 'succeeded' : 'failed',
      status_code: outcome.status_code,
      duration_ms: outcome.duration_ms,
      error: outcome.error,
      created_at: new Date(),
    };
    await this.record(hook, attempt, outcome.ok);
    return toAttempt(attempt);
  }

  /** The deliveries an event owes: one per active webhook subscribed to its type (a redelivered event owes none more). */
  async enqueue(event: EventEnvelope): Promise<number> {
    const hooks = await this.webhooks
      .find({ is_active: true, events: { $in: matchingPatterns(event.type) } }, { projection: { _id: 1 } })
      .toArray();
    let made = 0;
    for (const h of hooks) if (await this.owe(String(h._id), event.id, event)) made++;
    return made;
  }

  /**
   * One message owed to one webhook under `messageId` (a business rule's call_webhook action): owed
   * once whatever the repeats; false if it already was, or the webhook is gone.
   */
  async owe(
    webhookId: string,
    messageId: string,
    event: Pick<EventEnvelope, 'type' | 'time' | 'data'>,
  ): Promise<boolean> {
    const now = new Date();
    try {
      await this.deliveries.insertOne({
        _id: `${webhookId}:${messageId}`,
        webhook_id: webhookId,
        message_id: messageId,
        event: event.type,
        payload: webhookPayload(event),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      });
      return true;
    } catch (e) {
      if ((e as { code?: number }).code !== 11000) throw e;
      return false;
    }
  }

  async exists(id: string): Promise<boolean> {
    return isObjectId(id) && (await this.webhooks.countDocuments({ _id: new ObjectId(id) })) > 0;
  }

  /** The deliveries due now (the runner's turn), oldest first. */
  due(limit: number, now = new Date()): Promise<DeliveryDoc[]> {
    return this.deliveries
      .find({ status: { $in: ['pending', 'retrying'] }, next_attempt_at: { $lte: now } })
      .sort({ next_attempt_at: 1 })
      .limit(limit)
      .toArray();
  }

  /**
   * Makes one attempt of a due delivery. The attempt is claimed first (its number, and a next time
   * past its time-out, in one conditional update): a runner that took over meanwhile claims nothing,
   * and an attempt whose process died is made again once that time passes (receivers drop repeats
   * by `webhook-id`).
   */
  async attempt(delivery: DeliveryDoc): Promise<void> {
    const hook = await this.webhooks.findOne({ _id: new ObjectId(delivery.webhook_id) });
    if (!hook) {
      await this.deliveries.deleteOne({ _id: delivery._id });
      return;
    }
    const attempt = delivery.attempts + 1;
    const claimUntil = new Date(Date.now() + hook.timeout_seconds * 1000 + 60_000);
    const claimed = await storeOfCollection(this.deliveries).write('webhook_deliveries', delivery._id, () =>
      this.deliveries.updateOne(
        { _id: delivery._id, attempts: delivery.attempts, status: { $in: ['pending', 'retrying'] } },
        { $set: { attempts: attempt, next_attempt_at: claimUntil, updated_at: new Date() } },
      ),
    );
    if (claimed.modifiedCount !== 1) return;
    const outcome = hook.is_active
      ? await this.send(hook, delivery.message_id, delivery.payload)
      : { ok: false, retry: false, status_code: null, duration_ms: null, error: 'the webhook was deactivated' };
    const retry = !outcome.ok && outcome.retry && attempt <= hook.retry_attempts;
    const status = outcome.ok ? 'succeeded' : retry ? 'retrying' : 'failed';
    const backoff = Math.min(hook.retry_delay_seconds * 1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
    await storeOfCollection(this.deliveries).write('webhook_deliveries', delivery._id, () =>
      this.deliveries.updateOne(
        { _id: delivery._id, attempts: attempt },
        { $set: { status, next_attempt_at: new Date(Date.now() + (retry ? backoff : 0)), updated_at: new Date() } },
      ),
    );
    await this.record(
      hook,
      {
        _id: new ObjectId(),
        webhook_id: delivery.webhook_id,
        message_id: delivery.message_id,
        event: delivery.event,
        attempt,
        status,
        status_code: outcome.status_code,
        duration_ms: outcome.duration_ms,
        error: outcome.error,
        created_at: new Date(),
      },
      outcome.ok,
    );
  }

  /** Logs an attempt and counts it on its webhook. */
  private async record(hook: WebhookDoc, attempt: AttemptDoc, ok: boolean): Promise<void> {
    await this.attempts.insertOne(attempt);
    await storeOfCollection(this.webhooks).write('webhooks', String(hook._id), () =>
      this.webhooks.updateOne({ _id: hook._id }, { $inc: ok ? { success_count: 1 } : { failure_count: 1 } }),
    );
  }

  /**
   * One signed POST, to the address the guard checked just now (no redirect followed). A refused
   * address is not retried (it will be refused again); a time-out, a network error and any answer
   * but 2xx are.
   */
  private async send(
    hook: WebhookDoc,
    messageId: string,
    payload: string,
  ): Promise<{
    ok: boolean;
    retry: boolean;
    status_code: number | null;
    duration_ms: number | null;
    error: string | null;
  }> {
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
}
