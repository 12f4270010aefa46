import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { bearerToken, RevocationList, TokenError, verifyAccessToken, type AuthUser } from '@sixa/auth';
import { createEvent } from '@sixa/kafka';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { AuthConfigRef } from '../config.provider';
import { SigningKeysService } from '../keys/signing-keys.service';
import { SOURCE } from '../users/users.events';
import { EndedSessionsRepository } from './ended-sessions.repository';

const logger = createLogger('auth:sessions');

/** How often the records of ended sessions whose tokens have expired are deleted. */
const SWEEP_EVERY_MS = 3_600_000;

/** Kept past a token's expiry before the record goes (the clock tolerance of token checks, and skew). */
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

/**
 * Sessions: each sign-in mints one (the token's `sid`); signing out ends it here and, through its
 * `session.revoked` event on auth.events.v1, at the gateway and in every service (their revocation
 * lists). The user's other sessions go on.
 */
@Injectable()
export class SessionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sweep: SingletonJob;

  constructor(
    private readonly ended: EndedSessionsRepository,
    private readonly keys: SigningKeysService,
    private readonly config: AuthConfigRef,
    private readonly revocations: RevocationList,
    @InjectConnection() connection: Connection,
  ) {
    this.sweep = new SingletonJob(
      connection,
      'ended-sessions-sweep',
      async () => {
        await this.ended.sweep(new Date(Date.now() - KEEP_AFTER_EXPIRY_MS));
      },
      { intervalMs: SWEEP_EVERY_MS, logger },
    );
  }

  onApplicationBootstrap(): void {
    this.sweep.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.sweep.stop();
  }

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
