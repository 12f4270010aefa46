import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  WEBHOOK_DEFAULTS,
  type CreatedWebhook,
  type CreateWebhookDto,
  type UpdateWebhookDto,
  type Webhook,
  type WebhookDeliveryAttempt,
} from '@sixa/contracts';
import { staleDetail } from '@sixa/mongo';
import { checkWebhook, newWebhookSecret, WebhookRefused } from '@sixa/outbound';
import { ObjectId } from 'mongodb';
import { SettingsError, SettingsErrorCode } from '../settings.errors';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { toWebhook, WebhooksRepository } from './webhooks.repository';
import type { WebhookDoc } from './webhooks.store';

/** Headers a webhook's own `headers` may not set: the signature's, and the transport's. */
const RESERVED_HEADERS = /^(webhook-|content-type$|content-length$|host$|transfer-encoding$|connection$)/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Attempts shown per webhook at most. */
const LOG_LIMIT = 200;

const notFound = () => new SettingsError(SettingsErrorCode.WebhookNotFound, 'No such webhook');
const invalid = (detail: string) => new SettingsError(SettingsErrorCode.InvalidWebhook, detail);

/**
 * Webhooks (Settings › Integration Settings): kept with their secret, edited on the revision read,
 * tested, and their delivery log read. Delivering to them is WebhookDeliveryService's.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  /** The URL as the guard sees it now: a 400 naming why it is refused (no connection is made). */
  private async checkUrl(url: string): Promise<void> {
    try {
      await checkWebhook(url, this.delivery.policy);
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

  list(): Promise<Webhook[]> {
    return this.webhooks.list();
  }

  private async doc(id: string): Promise<WebhookDoc> {
    const d = await this.webhooks.byId(id);
    if (!d) throw notFound();
    return d;
  }

  exists(id: string): Promise<boolean> {
    return this.webhooks.has(id);
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
    await this.webhooks.add(doc);
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
    const result = await this.webhooks.edit(current._id, set, expectedRev);
    if (result.status === 'missing') throw notFound();
    if (result.status === 'stale')
      throw new SettingsError(SettingsErrorCode.WebhookChanged, staleDetail('webhook', result.rev));
    return toWebhook(result.doc);
  }

  /** Removes the webhook, what it is still owed, and its log. */
  async remove(id: string): Promise<void> {
    const current = await this.doc(id);
    await this.webhooks.remove(current._id);
    await this.deliveries.removeForWebhook(id);
    await this.attempts.removeForWebhook(id);
  }

  async log(id: string): Promise<WebhookDeliveryAttempt[]> {
    await this.doc(id);
    return this.attempts.recent(id, LOG_LIMIT);
  }

  /** POST /settings/webhooks/{id}/test: one signed `webhook.test` message now (logged; not retried). */
  async test(actor: AuthUser, id: string): Promise<WebhookDeliveryAttempt> {
    return this.delivery.test(actor, await this.doc(id));
  }
}
