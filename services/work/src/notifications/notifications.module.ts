import { Module } from '@nestjs/common';
import { TeamModule } from '../team/team.module';
import { NotificationDeliveryTimer } from './notification-delivery.timer';
import { NotificationMailer } from './notification-mailer';
import { NotificationRecipientsRepository } from './notification-recipients.repository';
import { NotificationsConsumer } from './notifications.consumer';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NotificationMailsRepository } from './notification-mails.repository';

/** E-mail notifications, at each user's frequency (see NotificationsService). */
@Module({
  imports: [TeamModule],
  providers: [
    NotificationRecipientsRepository,
    NotificationsRepository,
    NotificationMailsRepository,
    NotificationMailer,
    NotificationsService,
    NotificationsConsumer,
    NotificationDeliveryTimer,
  ],
})
export class NotificationsModule {}
