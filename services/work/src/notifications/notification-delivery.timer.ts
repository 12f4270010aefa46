import { leasedTimer } from '@sixa/mongo';
import { WorkConfigRef } from '../config.provider';
import { NotificationsService } from './notifications.service';

/** The delivery sweep, in one replica at a time (a lease); what it mails is claimed item by item too. */
export const NotificationDeliveryTimer = leasedTimer(
  'notification-delivery',
  [NotificationsService, WorkConfigRef],
  (notifications, config) => ({ every: config.value.notificationSweepMs, turn: () => notifications.deliverDue() }),
);
