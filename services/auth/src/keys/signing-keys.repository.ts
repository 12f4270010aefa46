import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

interface StoredKey {
  _id: string;
  kid: string;
  private_pem: string;
  created_at: Date;
}

const PRIMARY = 'primary';

/** The generated signing key every replica shares (when none is given by configuration). */
@Injectable()
export class SigningKeysRepository extends CollectionRepository<StoredKey> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<StoredKey>('signing_keys'));
  }

  /** The stored key's PEM, or null before one is stored. */
  async primaryPem(): Promise<string | null> {
    return (await this.findById(PRIMARY))?.private_pem ?? null;
  }

  /** Stores `pem` as the key unless another replica stored one first; the key stored, either way. */
  async keepFirst(pem: string): Promise<string> {
    if (await this.insertOnce({ _id: PRIMARY, kid: '', private_pem: pem, created_at: new Date() })) return pem;
    return (await this.primaryPem())!;
  }
}
