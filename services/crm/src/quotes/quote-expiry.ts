import { leasedTimer } from '@sixa/mongo';
import { CrmConfigRef } from '../config.provider';
import { QuotesService } from './quotes.service';

/**
 * Expires quotes whose time has passed, in one replica at a time (a lease). The timer is the
 * `expires_at` stored with each quote, so a restart loses nothing: the first sweep after start
 * catches up on whatever came due meanwhile, and each expiry is a conditional update anyway.
 */
export const QuoteExpirySweeper = leasedTimer('quote-expiry', [QuotesService, CrmConfigRef], (quotes, config) => ({
  every: config.value.expirySweepMs,
  turn: async () => ({ expired: await quotes.expireDue() }),
}));
