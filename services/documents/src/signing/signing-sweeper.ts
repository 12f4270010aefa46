import { Injectable } from '@nestjs/common';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { DocumentsConfigRef } from '../config.provider';
import { SignatureSweepService } from './signature-sweep.service';

const logger = createLogger('documents:signing-sweep');

/**
 * Deadlines, reminders and unfinished steps of signature requests, in one replica at a time (a
 * lease). The timers are the times stored with each request, so a restart loses nothing: the first
 * sweep after start catches up with whatever came due meanwhile, and each step is conditional.
 */
@Injectable()
export class SigningSweeper extends SingletonTimer {
  constructor(
    private readonly signing: SignatureSweepService,
    config: DocumentsConfigRef,
  ) {
    super('signing-sweep', { intervalMs: config.value.signingSweepMs, logger });
  }

  protected async work() {
    const done = await this.signing.sweep();
    if (done.expired || done.reminded || done.mailed || done.sealed) logger.info(done, 'signature requests swept');
  }
}
