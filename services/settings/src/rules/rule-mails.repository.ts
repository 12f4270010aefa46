import { Injectable } from '@nestjs/common';
import { MailRecordsRepository } from '@sixa/mail';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

/** The mails business rules sent (send_email actions), one per rule, event and action. */
@Injectable()
export class RuleMailsRepository extends MailRecordsRepository {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection('rule_mails'));
  }
}
