import { Injectable } from '@nestjs/common';
import { MailRecordsRepository, type MailRecord } from '@sixa/mail';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

export interface NotificationMail extends MailRecord {
  user_id: string;
}

/** The notification e-mails sent (one per notification, or one digest per period), one per key. */
@Injectable()
export class NotificationMailsRepository extends MailRecordsRepository<NotificationMail> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<NotificationMail>('notification_mails'));
  }
}
