import { ROLES, type Role } from '@sixa/contracts';
import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';

/** What a verified access token says about its bearer. */
export interface AuthUser {
  id: string;
  role: Role;
  name: string;
  email: string;
  /** Issued-at, seconds since the epoch. */
  iat: number;
  /**
   * The session the token belongs to (the `sid` claim, minted at sign-in; a token from before sessions
   * had ids names its session by its `jti`). Signing out ends it, in every process.
   */
  sid?: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
}

/**
 * The user a service acts as when no person's token is at hand: an integration's import, a business
 * rule's task, a workflow's step, sample data. Named so that what it makes says who made it.
 */
export function actingAs(id: string, name: string, role: Role = 'employee'): AuthUser {
  return { id, role, name, email: '', iat: 0 };
}

export interface TokenSettings {
  issuer: string;
  audience: string;
}

/** The one algorithm we accept. `none`, HMAC and anything else are refused before any key is used. */
export const TOKEN_ALGORITHM = 'RS256' as const;

export class TokenError extends Error {}

export function jwtVerifyOptions(settings: TokenSettings) {
  return {
    algorithms: [TOKEN_ALGORITHM],
    issuer: settings.issuer,
    audience: settings.audience,
    clockTolerance: 5,
  };
}

export type KeyResolver = (kid: string | undefined) => Promise<KeyObject>;

/**
 * Verifies an access token: the header names RS256 and a key id we publish, the signature holds,
 * and issuer, audience, expiry and subject are right. Any failure is a TokenError (a 401).
 */
export async function verifyAccessToken(
  token: string,
  resolveKey: KeyResolver,
  settings: TokenSettings,
  /** `ignoreExpiration`: an expired token is still read (signing out of a session that has ended anyway). */
  opts: { ignoreExpiration?: boolean } = {},
): Promise<AuthUser> {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') throw new TokenError('malformed token');
  if (decoded.header.alg !== TOKEN_ALGORITHM) throw new TokenError(`algorithm ${decoded.header.alg} is not accepted`);
  const key = await resolveKey(decoded.header.kid);
  let payload: JwtPayload;
  try {
    payload = jwt.verify(token, key, {
      ...jwtVerifyOptions(settings),
      ignoreExpiration: opts.ignoreExpiration === true,
    }) as JwtPayload;
  } catch (e) {
    throw new TokenError(e instanceof Error ? e.message : 'invalid token');
  }
  return claimsToUser(payload);
}

export function claimsToUser(payload: JwtPayload): AuthUser {
  const { sub, role, name, email, iat, exp, sid, jti } = payload as JwtPayload & Record<string, unknown>;
  if (typeof sub !== 'string' || !ROLES.includes(role as Role) || typeof iat !== 'number') {
    throw new TokenError('token is missing its subject, role or issue time');
  }
  const session = typeof sid === 'string' && sid ? sid : typeof jti === 'string' && jti ? jti : undefined;
  return {
    id: sub,
    role: role as Role,
    name: String(name ?? ''),
    email: String(email ?? ''),
    iat,
    ...(session ? { sid: session } : {}),
    ...(typeof exp === 'number' ? { exp } : {}),
  };
}

interface Jwk {
  kid?: string;
  kty: string;
  alg?: string;
  use?: string;
  n?: string;
  e?: string;
}

/**
 * Public keys fetched from the auth service's JWKS, cached, and fetched again (at most every few
 * seconds) when a token names a key id we have not seen: key rotation needs no restart.
 */
export class JwksKeyStore {
  private keys = new Map<string, KeyObject>();
  private lastFetch = 0;
  private inflight: Promise<void> | null = null;

  constructor(
    private readonly jwksUrl: string,
    private readonly minRefetchMs = 5000,
  ) {}

  resolve: KeyResolver = async (kid) => {
    if (!kid) throw new TokenError('token has no key id');
    const known = this.keys.get(kid);
    if (known) return known;
    if (Date.now() - this.lastFetch >= this.minRefetchMs || this.keys.size === 0) await this.refresh();
    const key = this.keys.get(kid);
    if (!key) throw new TokenError('token is signed with an unknown key');
    return key;
  };

  async refresh(): Promise<void> {
    if (!this.inflight) {
      this.inflight = (async () => {
        try {
          const res = await fetch(this.jwksUrl, { signal: AbortSignal.timeout(3000) });
          if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
          const body = (await res.json()) as { keys?: Jwk[] };
          const next = new Map<string, KeyObject>();
          for (const jwk of body.keys ?? []) {
            if (jwk.kty !== 'RSA' || !jwk.kid || (jwk.alg && jwk.alg !== TOKEN_ALGORITHM)) continue;
            next.set(jwk.kid, createPublicKey({ key: jwk as never, format: 'jwk' }));
          }
          this.keys = next;
          this.lastFetch = Date.now();
        } catch (e) {
          this.lastFetch = Date.now();
          throw new TokenError(`cannot load signing keys: ${e instanceof Error ? e.message : e}`);
        } finally {
          this.inflight = null;
        }
      })();
    }
    return this.inflight;
  }
}

/** Reads the bearer token from the Authorization header only: tokens in URLs leak into logs. */
export function bearerToken(authorization: string | string[] | undefined): string | null {
  if (typeof authorization !== 'string') return null;
  const m = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(authorization.trim());
  return m ? m[1] : null;
}
