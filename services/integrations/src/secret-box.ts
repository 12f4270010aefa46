import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** An encrypted secret as stored: which key, the nonce, the tag and the ciphertext (base64). */
export interface Sealed {
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

export interface Keyring {
  /** The key new secrets are encrypted with. */
  current: string;
  keys: Map<string, Buffer>;
}

/** `kid:base64key,...` (each key 32 bytes); the first encrypts. Throws naming what is wrong. */
export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  let current = '';
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const i = part.indexOf(':');
    const kid = part.slice(0, i);
    const key = Buffer.from(part.slice(i + 1), 'base64');
    if (i <= 0 || !/^[\w-]{1,32}$/.test(kid))
      throw new Error('INTEGRATIONS_ENCRYPTION_KEYS: each entry is kid:base64key');
    if (key.length !== 32) throw new Error(`INTEGRATIONS_ENCRYPTION_KEYS: key ${kid} is not 32 bytes (AES-256)`);
    keys.set(kid, key);
    current ||= kid;
  }
  if (!current) throw new Error('INTEGRATIONS_ENCRYPTION_KEYS needs at least one key');
  return { current, keys };
}

/**
 * Secrets at rest (access and refresh tokens, API keys, client secrets): AES-256-GCM with a fresh
 * 96-bit nonce each time, the key id kept beside it so keys can rotate, and the purpose bound in as
 * additional data (a token sealed for one connection does not open as another's).
 */
export class SecretBox {
  constructor(private readonly keyring: Keyring) {}

  seal(plain: string, purpose: string): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyring.keys.get(this.keyring.current)!, iv);
    cipher.setAAD(Buffer.from(purpose));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return {
      kid: this.keyring.current,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  open(sealed: Sealed, purpose: string): string {
    const key = this.keyring.keys.get(sealed.kid);
    if (!key) throw new Error(`secret sealed with key ${sealed.kid}, which is not in the keyring`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  }
}
