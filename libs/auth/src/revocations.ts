import { TOPICS, type EventEnvelope } from '@sixa/contracts';

/**
 * Users whose tokens stop counting: a deactivated or deleted user's tokens issued up to that moment
 * are refused. Fed by the auth service's events, so every process that holds one knows within
 * the consumer's poll interval.
 */
import { Injectable } from '@nestjs/common';

@Injectable()
export class RevocationList {
  private readonly revokedAt = new Map<string, number>();

  revoke(userId: string, atMs: number): void {
    const prev = this.revokedAt.get(userId) ?? 0;
    this.revokedAt.set(userId, Math.max(prev, atMs));
  }

  /** A token issued (second precision) no later than the revocation is refused. */
  isRevoked(userId: string, issuedAtSec: number): boolean {
    const at = this.revokedAt.get(userId);
    return at !== undefined && issuedAtSec * 1000 <= at;
  }

  /** Idempotent: replaying the same event changes nothing. */
  apply(event: EventEnvelope): void {
    if (event.type === 'user.deactivated' || event.type === 'user.deleted') {
      this.revoke(event.subject, Date.parse(event.time));
    }
  }
}

export const REVOCATION_TOPICS = [TOPICS.auth];
