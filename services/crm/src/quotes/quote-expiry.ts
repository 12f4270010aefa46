import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@sixa/observability';
import { CrmConfigRef } from '../config.provider';
import { QuotesService } from './quotes.service';

/**
 * Expires quotes whose time has passed. The timer is the `expires_at` stored with each quote, so a
 * restart loses nothing: the first sweep after start catches up on whatever came due meanwhile.
 */
@Injectable()
export class QuoteExpirySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private readonly logger = createLogger('crm:quote-expiry');

  constructor(
    private readonly quotes: QuotesService,
    @Inject(CrmConfigRef) private readonly config: CrmConfigRef,
  ) {}

  onApplicationBootstrap() {
    const tick = async () => {
      if (this.stopped) return;
      this.running = this.quotes.expireDue().catch((e) => this.logger.warn({ err: e }, 'expiry sweep failed'));
      await this.running;
      if (!this.stopped) this.timer = setTimeout(tick, this.config.value.expirySweepMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Before the database connection closes (that happens in onApplicationShutdown). */
  async beforeApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
