import { Injectable } from '@nestjs/common';
import { bearerToken, RevocationList, TokenError, verifyAccessToken, type AuthUser } from '@sixa/auth';
import { createEvent } from '@sixa/kafka';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { AuthConfigRef } from '../config.provider';
import { SigningKeysService } from '../keys/signing-keys.service';
import { SOURCE } from '../users/users.events';
import { EndedSessionsRepository } from './ended-sessions.repository';

/**
 * Sessions: each sign-in mints one (the token's `sid`); signing out ends it here and, through its
 * `session.revoked` event on auth.events.v1, at the gateway and in every service (their revocation
 * lists). The user's other sessions go on. Their records are swept by EndedSessionsSweep.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly ended: EndedSessionsRepository,
    private readonly keys: SigningKeysService,
    private readonly config: AuthConfigRef,
    private readonly revocations: RevocationList,
  ) {}

  /**
   * POST /auth/logout: ends the session of the token in `authorization`. Idempotent: a session that
   * has ended already (signed out before, or its token expired) stays ended, with no second event.
   * The token must be one auth signed (expired or not): no one else's session can be ended.
   */
  async logout(authorization: string | undefined): Promise<void> {
    const token = bearerToken(authorization);
    if (!token) {
      throw new AuthError(
        AuthErrorCode.InvalidToken,
        'Missing access token: send it as "Authorization: Bearer <token>"',
      );
    }
    let user: AuthUser;
    try {
      user = await verifyAccessToken(token, this.keys.resolve, this.config.value, { ignoreExpiration: true });
    } catch (e) {
      if (e instanceof TokenError)
        throw new AuthError(AuthErrorCode.InvalidToken, `Invalid access token: ${e.message}`);
      throw e;
    }
    // Expired: the session has ended by itself. No session id: no token auth mints is without one.
    if (!user.sid || user.exp === undefined || user.exp * 1000 <= Date.now()) return;
    const sessionId = user.sid;
    const expiresAt = new Date(user.exp * 1000);
    // This process refuses the token from now on without a read (the local engine was seen to answer a
    // read right after the write without it); the other replicas read the record, or the event.
    this.revocations.endSession(sessionId, expiresAt.getTime());
    await this.ended.end({ _id: sessionId, user_id: user.id, expires_at: expiresAt, reason: 'logout' }, () =>
      createEvent(SOURCE, 'session.revoked', sessionId, user.id, {
        session_id: sessionId,
        user_id: user.id,
        expires_at: expiresAt.toISOString(),
        reason: 'logout',
      }),
    );
  }

  /** Whether the session has ended (auth checks its own records; other processes read the events). */
  isEnded(sessionId: string | undefined): Promise<boolean> {
    return sessionId ? this.ended.isEnded(sessionId) : Promise.resolve(false);
  }
}
