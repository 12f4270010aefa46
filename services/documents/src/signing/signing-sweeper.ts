import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { DocumentsConfigRef } from '../config.provider';
import { SignatureSweepService } from './signature-sweep.service';

/**
 * Deadlines, reminders and unfinished steps of signature requests, in one replica at a time (a
 * lease). The timers are the times stored with each request, so a restart loses nothing: the first
 * sweep after start catches up with whatever came due meanwhile, and each step is conditional.
 */
@Injectable()
export class SigningSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: SingletonJob;

  constructor(signing: SignatureSweepService, config: DocumentsConfigRef, @InjectConnection() connection: Connection) {
    const logger = createLogger('documents:signing-sweep');
    this.job = new SingletonJob(
      connection,
      'signing-sweep',
      async () => {
        const done = await signing.sweep();
        if (done.expired || done.reminded || done.mailed || done.sealed) logger.info(done, 'signature requests swept');
      },
      { intervalMs: config.value.signingSweepMs, logger },
    );
  }

  onApplicationBootstrap() {
    this.job.start();
  }

  async beforeApplicationShutdown() {
    await this.job.stop();
  }
}
