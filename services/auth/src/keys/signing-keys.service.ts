import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@sixa/mongo';
import { TokenError, type KeyResolver } from '@sixa/auth';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Connection } from 'mongoose';
import { AuthConfigRef } from '../config.provider';

interface StoredKey {
  _id: string;
  kid: string;
  private_pem: string;
  created_at: Date;
}

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
    @InjectConnection() private readonly connection: Connection,
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
    const keys = this.connection.collection<StoredKey>('signing_keys');
    const existing = await keys.findOne({ _id: 'primary' });
    if (existing) return existing.private_pem;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    try {
      await keys.insertOne({ _id: 'primary', kid: '', private_pem: pem, created_at: new Date() });
      return pem;
    } catch (e) {
      // Another replica stored its key first: use that one.
      if ((e as { code?: number }).code !== 11000) throw e;
      return (await keys.findOne({ _id: 'primary' }))!.private_pem;
    }
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
