import { Injectable } from '@nestjs/common';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { WorkConfigRef } from '../config.provider';
import { NotificationsService } from './notifications.service';

const logger = createLogger('work:notification-delivery');

/** The delivery sweep, in one replica at a time (a lease); what it mails is claimed item by item too. */
@Injectable()
export class NotificationDeliveryTimer extends SingletonTimer {
  constructor(
    private readonly service: NotificationsService,
    config: WorkConfigRef,
  ) {
    super('notification-delivery', { intervalMs: config.value.notificationSweepMs, logger });
  }

  protected async work() {
    const done = await this.service.deliverDue();
    if (done.mailed || done.digests) logger.info(done, 'notifications mailed');
  }
}
