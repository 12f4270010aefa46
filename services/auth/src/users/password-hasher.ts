import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
@Injectable()
export class PasswordHasher {
  private readonly options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  /** Verified against when the e-mail is unknown, so that timing does not reveal which accounts exist. */
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      this.dummy ??= this.hash('not-a-real-password');
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
