import { Injectable } from '@nestjs/common';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { CrmConfigRef } from '../config.provider';
import { QuotesService } from './quotes.service';

const logger = createLogger('crm:quote-expiry');

/**
 * Expires quotes whose time has passed, in one replica at a time (a lease). The timer is the
 * `expires_at` stored with each quote, so a restart loses nothing: the first sweep after start
 * catches up on whatever came due meanwhile, and each expiry is a conditional update anyway.
 */
@Injectable()
export class QuoteExpirySweeper extends SingletonTimer {
  constructor(
    private readonly quotes: QuotesService,
    config: CrmConfigRef,
  ) {
    super('quote-expiry', { intervalMs: config.value.expirySweepMs, logger });
  }

  protected async work() {
    const expired = await this.quotes.expireDue();
    if (expired) logger.info({ expired }, 'quotes expired');
  }
}
