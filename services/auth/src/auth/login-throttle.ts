import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { AuthConfigRef } from '../config.provider';

interface Counter {
  _id: string;
  failures: number;
  window_start: Date;
}

/**
 * Counts failed sign-ins per account and per client address in fixed windows, in the database so
 * that every replica sees the same counts. Over the limit, sign-in answers 429 until the window ends.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AuthConfigRef,
  ) {}

  private get counters() {
    return this.connection.collection<Counter>('login_attempts');
  }

  private keys(email: string, ip: string) {
    const { maxFailuresPerAccount, maxFailuresPerIp } = this.config.value.login;
    return [
      { key: `account:${email.toLowerCase()}`, limit: maxFailuresPerAccount },
      { key: `ip:${ip}`, limit: maxFailuresPerIp },
    ];
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const windowMs = this.config.value.login.windowSec * 1000;
    const now = Date.now();
    for (const { key, limit } of this.keys(email, ip)) {
      const c = await this.counters.findOne({ _id: key });
      if (!c || now - c.window_start.getTime() >= windowMs || c.failures < limit) continue;
      const retryAfter = Math.ceil((c.window_start.getTime() + windowMs - now) / 1000);
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      throw new HttpException(
        {
          detail: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          retry_after: retryAfter,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const windowMs = this.config.value.login.windowSec * 1000;
    const now = new Date();
    for (const { key } of this.keys(email, ip)) {
      // A stale window starts over; otherwise count one more failure (single-document, atomic).
      const reset = await this.counters.updateOne(
        { _id: key, window_start: { $lte: new Date(now.getTime() - windowMs) } },
        { $set: { failures: 1, window_start: now } },
      );
      if (reset.matchedCount === 0) {
        await this.counters.updateOne(
          { _id: key },
          { $inc: { failures: 1 }, $setOnInsert: { window_start: now } },
          { upsert: true },
        );
      }
    }
  }

  async recordSuccess(email: string): Promise<void> {
    await this.counters.deleteOne({ _id: `account:${email.toLowerCase()}` });
  }
}
