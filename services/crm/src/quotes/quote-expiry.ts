import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger } from '@sixa/observability';
import { CrmConfigRef } from '../config.provider';
import { QuotesService } from './quotes.service';

/**
 * Expires quotes whose time has passed. The timer is the `expires_at` stored with each quote, so a
 * restart loses nothing: the first sweep after start catches up on whatever came due meanwhile.
 */
@Injectable()
export class QuoteExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly logger = createLogger('crm:quote-expiry');

  constructor(
    private readonly quotes: QuotesService,
    @Inject(CrmConfigRef) private readonly config: CrmConfigRef,
  ) {}

  onApplicationBootstrap() {
    const tick = async () => {
      this.running = this.quotes.expireDue().catch((e) => this.logger.warn({ err: e }, 'expiry sweep failed'));
      await this.running;
      this.timer = setTimeout(tick, this.config.value.expirySweepMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  async onApplicationShutdown() {
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
