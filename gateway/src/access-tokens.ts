import { Injectable } from '@nestjs/common';
import { JwksKeyStore, RevocationList, TokenError, verifyAccessToken, type AuthUser } from '@sixa/auth';
import { SESSION_ENDED_DETAIL, WS_TOKEN_PROTOCOL_PREFIX } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { GatewayConfigRef } from './config.provider';

const logger = createLogger('gateway:tokens');

/** Where each entry point expects the token: the 401 for a missing one says how to send it. */
const HOW_TO_SEND = {
  header: 'send it as "Authorization: Bearer <token>"',
  subprotocol: `offer the subprotocol "${WS_TOKEN_PROTOCOL_PREFIX}<token>"`,
} as const;

export type TokenTransport = keyof typeof HOW_TO_SEND;

/** `expiresAt`: the token's expiry in seconds since the epoch, null when it names none. */
export type TokenCheck =
  { ok: true; user: AuthUser; expiresAt: number | null } | { ok: false; status: 401 | 503; detail: string };

/** The signing keys could not be fetched: the token may well be good, there is no telling. */
class SigningKeysUnavailable extends Error {}

/**
 * The auth service's public keys (JWKS), fetched and cached by the auth library's store. The store
 * reports a failed fetch as a TokenError (a 401, which ends the web client's session); here it is
 * what it is, so that the checker answers 503 and the client tries again.
 */
@Injectable()
export class SigningKeys extends JwksKeyStore {
  constructor(config: GatewayConfigRef) {
    super(config.value.jwksUrl);
  }

  override async refresh(): Promise<void> {
    try {
      await super.refresh();
    } catch (e) {
      throw new SigningKeysUnavailable("the auth service's signing keys (JWKS) could not be fetched", { cause: e });
    }
  }
}

function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * The gateway's one reading of an access token, for the HTTP proxy and the WebSocket hub alike:
 * missing, invalid (with the reason), revoked, or not checkable right now (503: not the caller's
 * fault, so not a 401 that would end the session).
 */
@Injectable()
export class AccessTokenChecker {
  constructor(
    private readonly keys: SigningKeys,
    private readonly revocations: RevocationList,
    private readonly config: GatewayConfigRef,
  ) {}

  async check(token: string | null, sentIn: TokenTransport): Promise<TokenCheck> {
    if (!token) return { ok: false, status: 401, detail: `Missing access token: ${HOW_TO_SEND[sentIn]}` };
    let user: AuthUser;
    try {
      user = await verifyAccessToken(token, this.keys.resolve, this.config.value);
    } catch (e) {
      if (e instanceof TokenError) return { ok: false, status: 401, detail: `Invalid access token: ${e.message}` };
      logger.error({ err: e }, 'token check failed');
      return { ok: false, status: 503, detail: 'Cannot check the access token right now; try again shortly' };
    }
    if (this.revocations.isRevoked(user.id, user.iat)) {
      return { ok: false, status: 401, detail: 'Session revoked: sign in again' };
    }
    if (this.revocations.isSessionEnded(user.sid)) return { ok: false, status: 401, detail: SESSION_ENDED_DETAIL };
    return { ok: true, user: this.revocations.withCurrentRole(user), expiresAt: tokenExpiry(token) };
  }

  /** For a connection that stays open: its token has expired, or its user or session was revoked since the check. */
  sessionEnded(user: AuthUser, expiresAt: number | null, nowSec = Date.now() / 1000): boolean {
    return (
      (expiresAt !== null && expiresAt <= nowSec) ||
      this.revocations.isRevoked(user.id, user.iat) ||
      this.revocations.isSessionEnded(user.sid)
    );
  }
}
