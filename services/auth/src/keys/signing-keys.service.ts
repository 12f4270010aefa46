import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TokenError, type KeyResolver } from '@sixa/auth';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { AuthConfigRef } from '../config.provider';
import { SigningKeysRepository } from './signing-keys.repository';

export interface PublicJwk {
  kty: string;
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

/**
 * The RSA key that signs access tokens. Given by JWT_PRIVATE_KEY (production, from a secret), or
 * generated once and shared through the database so that every replica signs with the same key.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private privateKey!: KeyObject;
  private publicKey!: KeyObject;
  kid!: string;

  constructor(
    private readonly keys: SigningKeysRepository,
    private readonly config: AuthConfigRef,
  ) {}

  async onModuleInit(): Promise<void> {
    const pem = this.config.value.privateKeyPem ?? (await this.storedOrGenerated());
    this.privateKey = createPrivateKey(pem);
    this.publicKey = createPublicKey(this.privateKey);
    const der = this.publicKey.export({ type: 'spki', format: 'der' });
    this.kid = createHash('sha256').update(der).digest('base64url').slice(0, 16);
  }

  private async storedOrGenerated(): Promise<string> {
    const existing = await this.keys.primaryPem();
    if (existing) return existing;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // Another replica may store its key first: then that one is used.
    return this.keys.keepFirst(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  }

  get signingKey(): KeyObject {
    return this.privateKey;
  }

  jwks(): { keys: PublicJwk[] } {
    const jwk = this.publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
    return { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, kid: this.kid, alg: 'RS256', use: 'sig' }] };
  }

  /** Tokens are verified in-process here, against the same key the JWKS publishes. */
  resolve: KeyResolver = async (kid) => {
    if (kid !== this.kid) throw new TokenError('token is signed with an unknown key');
    return this.publicKey;
  };
}
