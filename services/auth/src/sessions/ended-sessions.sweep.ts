import { Injectable } from '@nestjs/common';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { EndedSessionsRepository } from './ended-sessions.repository';

/** How often the records of ended sessions whose tokens have expired are deleted. */
const SWEEP_EVERY_MS = 3_600_000;

/** Kept past a token's expiry before the record goes (the clock tolerance of token checks, and skew). */
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

/** Deletes the records of ended sessions once their tokens have expired, in one replica at a time (a lease). */
@Injectable()
export class EndedSessionsSweep extends SingletonTimer {
  constructor(private readonly ended: EndedSessionsRepository) {
    super('ended-sessions-sweep', { intervalMs: SWEEP_EVERY_MS, logger: createLogger('auth:sessions') });
  }

  protected async work() {
    await this.ended.sweep(new Date(Date.now() - KEEP_AFTER_EXPIRY_MS));
  }
}
