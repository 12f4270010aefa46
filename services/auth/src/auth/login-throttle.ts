import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AuthConfigRef } from '../config.provider';
import { minutesFrom } from './fixed-windows.repository';
import { LoginAttemptsRepository } from './login-attempts.repository';

/**
 * Counts failed sign-ins per account and per client address in fixed windows, in the database so
 * that every replica sees the same counts. Over the limit, sign-in answers 429 until the window ends.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly windows: LoginAttemptsRepository,
    private readonly config: AuthConfigRef,
  ) {}

  private keys(email: string, ip: string) {
    const { maxFailuresPerAccount, maxFailuresPerIp } = this.config.value.login;
    return [
      { key: `account:${email.toLowerCase()}`, limit: maxFailuresPerAccount },
      { key: `ip:${ip}`, limit: maxFailuresPerIp },
    ];
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    for (const { key, limit } of this.keys(email, ip)) {
      const retryAfter = await this.windows.retryAfter(key, limit);
      if (retryAfter === null) continue;
      throw new HttpException(
        {
          detail: `Too many failed sign-in attempts. Try again in ${minutesFrom(retryAfter)}.`,
          retry_after: retryAfter,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    for (const { key } of this.keys(email, ip)) await this.windows.count(key);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.windows.clear(`account:${email.toLowerCase()}`);
  }
}
