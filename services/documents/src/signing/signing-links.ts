import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signer's link carries: the document, which signer, the request (its nonce) and until when. */
export interface SigningLinkClaims {
  /** The document's id (24 hex digits). */
  documentId: string;
  /** The signer's index in the request's list. */
  signer: number;
  /** The request's nonce: 12 random bytes, base64url (a new request voids the old links). */
  nonce: string;
  /** Seconds since the epoch: the request's deadline. */
  expires: number;
}

const VERSION = 1;
/** version, document id, signer, nonce, expiry: 1 + 12 + 1 + 12 + 4 bytes. */
const BODY_BYTES = 30;
/** HMAC-SHA256 cut to 128 bits: out of reach of guessing, and the link stays short (path parameters are capped). */
const MAC_BYTES = 16;

const mac = (body: Buffer, secret: string) =>
  createHmac('sha256', secret).update('sixa.signing.v1.').update(body).digest().subarray(0, MAC_BYTES);

/** `<claims>.<hmac>`, both base64url (about 63 characters): unforgeable without the secret, tied to one request. */
export function signingLinkToken(claims: SigningLinkClaims, secret: string): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  Buffer.from(claims.documentId, 'hex').copy(body, 1);
  body.writeUInt8(claims.signer, 13);
  Buffer.from(claims.nonce, 'base64url').copy(body, 14);
  body.writeUInt32BE(claims.expires, 26);
  return `${body.toString('base64url')}.${mac(body, secret).toString('base64url')}`;
}

export type LinkCheck = { ok: true; claims: SigningLinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** The link's claims if its HMAC holds (checked in constant time) and it has not expired. */
export function verifySigningLink(token: string, secret: string, now = Date.now()): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]{40}$/.test(parts[0]) || !/^[\w-]{22}$/.test(parts[1]))
    return { ok: false, reason: 'invalid' };
  const body = Buffer.from(parts[0], 'base64url');
  const given = Buffer.from(parts[1], 'base64url');
  if (body.length !== BODY_BYTES || given.length !== MAC_BYTES || body.readUInt8(0) !== VERSION)
    return { ok: false, reason: 'invalid' };
  if (!timingSafeEqual(given, mac(body, secret))) return { ok: false, reason: 'invalid' };
  const claims: SigningLinkClaims = {
    documentId: body.subarray(1, 13).toString('hex'),
    signer: body.readUInt8(13),
    nonce: body.subarray(14, 26).toString('base64url'),
    expires: body.readUInt32BE(26),
  };
  if (claims.expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
