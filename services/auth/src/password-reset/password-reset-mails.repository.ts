import { Injectable } from '@nestjs/common';
import { MailRecordsRepository, type MailRecord } from '@sixa/mail';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

export interface ResetMail extends MailRecord {
  user_id: string;
}

/** The password reset e-mails sent, one per request (their records keep no body: see PasswordResetMailer). */
@Injectable()
export class PasswordResetMailsRepository extends MailRecordsRepository<ResetMail> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<ResetMail>('password_reset_mails'));
  }
}
