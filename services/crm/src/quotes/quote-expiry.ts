import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { CrmConfigRef } from '../config.provider';
import { QuotesService } from './quotes.service';

/**
 * Expires quotes whose time has passed, in one replica at a time (a lease). The timer is the
 * `expires_at` stored with each quote, so a restart loses nothing: the first sweep after start
 * catches up on whatever came due meanwhile, and each expiry is a conditional update anyway.
 */
@Injectable()
export class QuoteExpirySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: SingletonJob;

  constructor(quotes: QuotesService, config: CrmConfigRef, @InjectConnection() connection: Connection) {
    const logger = createLogger('crm:quote-expiry');
    this.job = new SingletonJob(
      connection,
      'quote-expiry',
      async () => {
        const expired = await quotes.expireDue();
        if (expired) logger.info({ expired }, 'quotes expired');
      },
      { intervalMs: config.value.expirySweepMs, logger },
    );
  }

  onApplicationBootstrap() {
    this.job.start();
  }

  /** Before the database connection closes (that happens in onApplicationShutdown). */
  async beforeApplicationShutdown() {
    await this.job.stop();
  }
}
