import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { WorkConfigRef } from '../config.provider';
import { NotificationsService } from './notifications.service';

/** The delivery sweep, in one replica at a time (a lease); what it mails is claimed item by item too. */
@Injectable()
export class NotificationDeliveryTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: SingletonJob;

  constructor(service: NotificationsService, config: WorkConfigRef, @InjectConnection() connection: Connection) {
    const logger = createLogger('work:notification-delivery');
    this.job = new SingletonJob(
      connection,
      'notification-delivery',
      async () => {
        const done = await service.deliverDue();
        if (done.mailed || done.digests) logger.info(done, 'notifications mailed');
      },
      { intervalMs: config.value.notificationSweepMs, logger },
    );
  }

  onApplicationBootstrap() {
    this.job.start();
  }

  async beforeApplicationShutdown() {
    await this.job.stop();
  }
}
