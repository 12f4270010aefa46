import { Injectable } from '@nestjs/common';
import { MailRecordsRepository, type MailRecord } from '@sixa/mail';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

export interface SigningMail extends MailRecord {
  document_id: string;
}

/** The e-signature mails sent (invitations, reminders, completions), one per key. */
@Injectable()
export class SignatureMailsRepository extends MailRecordsRepository<SigningMail> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<SigningMail>('signature_mails'));
  }
}
