import { Injectable } from '@nestjs/common';
import { ROLES, TOPICS, type EventEnvelope, type Role } from '@sixa/contracts';
import type { AuthUser } from './tokens';

/** How long after a role change a token may still be issued with the role read before it. */
export const ROLE_READ_GRACE_MS = 60_000;

/**
 * The longest a token can live (ACCESS_TOKEN_TTL_SECONDS and the session lifetime setting are both
 * bounded by a day): an ended session whose event names no usable expiry is remembered this long.
 */
export const MAX_TOKEN_LIFETIME_MS = 24 * 3_600_000;

/** Kept beyond a session's expiry, for the clock tolerance with which tokens are checked (5 s) and skew. */
const ENDED_SESSION_MARGIN_MS = 60_000;

/** How often ended sessions past their expiry are forgotten (at most; on the next event after it). */
const FORGET_EVERY_MS = 30_000;

/**
 * What the auth service's events change about tokens already issued, fed to every process that
 * checks tokens, so each knows within its consumer's poll interval:
 * - a deactivated or deleted user's tokens issued up to that moment are refused;
 * - a role changed after a token was issued counts instead of the token's (a demoted admin loses
 *   admin rights at once, not when the token expires; the session goes on);
 * - an ended session (its owner signed out) is refused, the user's other sessions go on. It is
 *   remembered until its token would have expired anyway, so memory holds only sessions ended
 *   within one token lifetime; a user whose password was reset by link loses every session
 *   issued before the reset.
 */
@Injectable()
export class RevocationList {
  private readonly revokedAt = new Map<string, number>();
  private readonly roleChanges = new Map<string, { role: Role; atMs: number }>();
  /** Ended sessions by id, with the time after which they need not be remembered. */
  private readonly endedSessions = new Map<string, number>();
  private lastForget = 0;
  /** The clock (tests set their own). */
  now: () => number = Date.now;

  revoke(userId: string, atMs: number): void {
    this.forgetExpired(this.now());
    const prev = this.revokedAt.get(userId) ?? 0;
    this.revokedAt.set(userId, Math.max(prev, atMs));
  }

  /** A token issued (second precision) no later than the revocation is refused. */
  isRevoked(userId: string, issuedAtSec: number): boolean {
    const at = this.revokedAt.get(userId);
    return at !== undefined && issuedAtSec * 1000 <= at;
  }

  /** Ends the session `sid`; remembered until `expiresAtMs` (its token's expiry) has passed. */
  endSession(sid: string, expiresAtMs: number): void {
    const now = this.now();
    const until = Math.min(
      (Number.isFinite(expiresAtMs) ? expiresAtMs : now + MAX_TOKEN_LIFETIME_MS) + ENDED_SESSION_MARGIN_MS,
      now + MAX_TOKEN_LIFETIME_MS + ENDED_SESSION_MARGIN_MS,
    );
    this.forgetExpired(now);
    // Its token has expired already: nothing left to refuse.
    if (until <= now) return;
    this.endedSessions.set(sid, Math.max(this.endedSessions.get(sid) ?? 0, until));
  }

  /** Whether the token's session has ended (signed out). A token without a session id has none to end. */
  isSessionEnded(sid: string | undefined): boolean {
    return sid !== undefined && this.endedSessions.has(sid);
  }

  /** How many revocations are remembered now: only those that can still refuse a token that has not expired. */
  get size(): number {
    this.forgetExpired(this.now(), true);
    return this.endedSessions.size + this.revokedAt.size + this.roleChanges.size;
  }

  /**
   * Forgets what can no longer refuse anything: ended sessions past their token's expiry, and user
   * revocations and role changes older than the longest token lifetime (every token they applied to
   * has expired since).
   */
  private forgetExpired(now: number, always = false): void {
    if (!always && now - this.lastForget < FORGET_EVERY_MS) return;
    this.lastForget = now;
    for (const [sid, until] of this.endedSessions) if (until <= now) this.endedSessions.delete(sid);
    const oldest = now - MAX_TOKEN_LIFETIME_MS - ROLE_READ_GRACE_MS - ENDED_SESSION_MARGIN_MS;
    for (const [user, at] of this.revokedAt) if (at <= oldest) this.revokedAt.delete(user);
    for (const [user, change] of this.roleChanges) if (change.atMs <= oldest) this.roleChanges.delete(user);
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
    if (event.type === 'user.deactivated' || event.type === 'user.deleted' || event.type === 'user.sessions_revoked') {
      this.revoke(event.subject, atMs);
    } else if (event.type === 'session.revoked') {
      this.endSession(event.data.session_id, Date.parse(event.data.expires_at));
    } else if (event.type === 'user.updated') {
      const role = roleChangedTo(event.data);
      const prev = this.roleChanges.get(event.subject);
      this.forgetExpired(this.now());
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
