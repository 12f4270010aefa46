import { Injectable } from '@nestjs/common';
import type { Webhook } from '@sixa/contracts';
import { CollectionRepository, InjectConnection, isObjectId, idAndEtag, type RevisionUpdate } from '@sixa/mongo';
import { ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';
import { matchingPatterns, type WebhookDoc } from './webhooks.store';

export function toWebhook(d: WebhookDoc): Webhook {
  return {
    ...idAndEtag(d),
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

/** The webhooks, with their signing secrets (answered by the service only when made). */
@Injectable()
export class WebhooksRepository extends CollectionRepository<WebhookDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<WebhookDoc>('webhooks'), {
      indexes: [
        // subscribedTo(): the active webhooks following an event type.
        { events: 1, is_active: 1 },
      ],
    });
  }

  /** Every webhook, newest first. */
  async list(): Promise<Webhook[]> {
    return (await this.findMatching({}, { sort: { created_at: -1 } })).map(toWebhook);
  }

  /** The webhook as stored (its secret too), or null for an unknown or malformed id. */
  async byId(id: string): Promise<WebhookDoc | null> {
    return isObjectId(id) ? this.findById(new ObjectId(id)) : null;
  }

  async has(id: string): Promise<boolean> {
    return isObjectId(id) && this.exists(new ObjectId(id));
  }

  async add(doc: WebhookDoc): Promise<void> {
    await this.insertNew(doc);
  }

  /** An edit on the revision the editor read (`expectedRev`, if any). */
  edit(id: ObjectId, set: Partial<WebhookDoc>, expectedRev?: number): Promise<RevisionUpdate<WebhookDoc>> {
    return this.updateAtRevision(id, set, expectedRev);
  }

  async remove(id: ObjectId): Promise<void> {
    await this.deleteById(id);
  }

  /** The ids of the active webhooks subscribed to events of this type (exactly, by prefix or all). */
  async subscribedTo(type: string): Promise<string[]> {
    const hooks = await this.findMatching(
      { is_active: true, events: { $in: matchingPatterns(type) } },
      { projection: { _id: 1 } },
    );
    return hooks.map((h) => String(h._id));
  }

  /** Counts one attempt, succeeded or failed (not an edit: the revision stays). */
  async countAttempt(id: ObjectId, ok: boolean): Promise<void> {
    await this.updateById(id, { $inc: ok ? { success_count: 1 } : { failure_count: 1 } });
  }
}
