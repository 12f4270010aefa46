import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import { TOPICS } from '@sixa/contracts';
import { createEvent, IdempotentProducer } from '@sixa/kafka';
import { createLogger } from '@sixa/observability';

const logger = createLogger('gateway:presence');

/** At most one sighting per user per window, per gateway replica. */
export const PRESENCE_THROTTLE_MS = 60_000;
/** The throttle forgets users it has not seen for a window once it holds this many. */
const REMEMBERED_MAX = 50_000;

/**
 * Presence: who is using the product now. Every authenticated request (and every heartbeat of a
 * held monitoring stream) is a sighting; at most one per user per minute is published as
 * `user.seen`, fire-and-forget (a lost sighting only delays "online" until the next one).
 */
@Injectable()
export class PresencePublisher {
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly producer: IdempotentProducer) {}

  seen(user: AuthUser, now = Date.now()): void {
    const last = this.lastSent.get(user.id);
    if (last !== undefined && now - last < PRESENCE_THROTTLE_MS) return;
    this.lastSent.set(user.id, now);
    if (this.lastSent.size > REMEMBERED_MAX) this.forget(now);
    const event = createEvent('gateway', 'user.seen', user.id, user.id, {
      user_id: user.id,
      email: user.email,
      at: new Date(now).toISOString(),
    });
    this.producer
      .send(TOPICS.presence, [{ key: user.id, value: JSON.stringify(event) }])
      .catch((err) => logger.warn({ err }, 'presence not published'));
  }

  private forget(now: number): void {
    for (const [id, at] of this.lastSent) if (now - at >= PRESENCE_THROTTLE_MS) this.lastSent.delete(id);
  }
}
