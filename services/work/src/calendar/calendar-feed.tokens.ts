import { createHmac, timingSafeEqual } from 'node:crypto';

/** Base64url of a SHA-256 HMAC: always this long, so the token needs no separator. */
const SIGNATURE_LENGTH = 43;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`calendar-feed:${payload}`).digest('base64url');

/**
 * A feed token: the user id and their feed version, signed. Only characters safe in a path segment
 * and no dot (the feed's URL ends in `.ics`). Rotating the link bumps the stored version, so older
 * tokens stop matching.
 */
export function feedToken(secret: string, userId: string, version: number): string {
  const payload = Buffer.from(`${userId}:${version}`, 'utf8').toString('base64url');
  return payload + sign(secret, payload);
}

/** The user and version a token was made for, or null when it was not made with this secret. */
export function readFeedToken(secret: string, token: string): { userId: string; version: number } | null {
  if (token.length <= SIGNATURE_LENGTH || token.length > 512 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const payload = token.slice(0, -SIGNATURE_LENGTH);
  const given = Buffer.from(token.slice(-SIGNATURE_LENGTH));
  const expected = Buffer.from(sign(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  const colon = text.lastIndexOf(':');
  const version = Number(text.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(version) || version < 1) return null;
  return { userId: text.slice(0, colon), version };
}
