import { Injectable } from '@nestjs/common';
import { ROLES, TOPICS, type EventEnvelope, type Role } from '@sixa/contracts';
import type { AuthUser } from './tokens';

/** How long after a role change a token may still be issued with the role read before it. */
export const ROLE_READ_GRACE_MS = 60_000;

/**
 * What the auth service's events change about tokens already issued, fed to every process that
 * checks tokens, so each knows within its consumer's poll interval:
 * - a deactivated or deleted user's tokens issued up to that moment are refused;
 * - a role changed after a token was issued counts instead of the token's (a demoted admin loses
 *   admin rights at once, not when the token expires; the session goes on).
 */
@Injectable()
export class RevocationList {
  private readonly revokedAt = new Map<string, number>();
  private readonly roleChanges = new Map<string, { role: Role; atMs: number }>();

  revoke(userId: string, atMs: number): void {
    const prev = this.revokedAt.get(userId) ?? 0;
    this.revokedAt.set(userId, Math.max(prev, atMs));
  }

  /** A token issued (second precision) no later than the revocation is refused. */
  isRevoked(userId: string, issuedAtSec: number): boolean {
    const at = this.revokedAt.get(userId);
    return at !== undefined && issuedAtSec * 1000 <= at;
  }

  /**
   * The token's user with the role they have now: the latest role change's, for a token issued
   * before it or up to ROLE_READ_GRACE_MS after it (a sign-in reads the role, then checks the
   * password, then stamps the token: one that overlapped the change may carry the old role with a
   * later issue time). Later tokens carry their own role, read after the change. A change made just
   * now, whose event this process has not read yet, counts once it has (the feed's delay).
   */
  withCurrentRole(user: AuthUser): AuthUser {
    const change = this.roleChanges.get(user.id);
    if (!change || change.role === user.role || user.iat * 1000 > change.atMs + ROLE_READ_GRACE_MS) return user;
    return { ...user, role: change.role };
  }

  /**
   * Idempotent: replaying the same event, or an older one after it, changes nothing. The latest
   * role change is the one with the latest time: the auth service stamps it as its write lands.
   */
  apply(event: EventEnvelope): void {
    const atMs = Date.parse(event.time);
    if (event.type === 'user.deactivated' || event.type === 'user.deleted') {
      this.revoke(event.subject, atMs);
    } else if (event.type === 'user.updated') {
      const role = roleChangedTo(event.data);
      const prev = this.roleChanges.get(event.subject);
      if (role && (!prev || prev.atMs <= atMs)) this.roleChanges.set(event.subject, { role, atMs });
    }
  }
}

/** The new role of a `user.updated` whose changed fields name the role. */
function roleChangedTo(data: unknown): Role | null {
  const d = data as { changed_fields?: unknown; after?: { role?: unknown } } | null;
  if (!Array.isArray(d?.changed_fields) || !d.changed_fields.includes('role')) return null;
  const role = d.after?.role;
  return ROLES.includes(role as Role) ? (role as Role) : null;
}

export const REVOCATION_TOPICS = [TOPICS.auth];
