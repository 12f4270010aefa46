import { createHmac, timingSafeEqual } from 'node:crypto';

/** The customer's link token: the quote id and an HMAC of it, so it cannot be guessed or forged. */
export function quoteLinkToken(quoteId: string, secret: string): string {
  return `${quoteId}.${createHmac('sha256', secret).update(`quote:${quoteId}`).digest('base64url')}`;
}

/** The quote id a token names, or null when the token was not made with our secret. */
export function verifyQuoteLinkToken(token: string, secret: string): string | null {
  const [id, mac] = token.split('.');
  if (!id || !mac) return null;
  const expected = quoteLinkToken(id, secret).split('.')[1];
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? id : null;
}
