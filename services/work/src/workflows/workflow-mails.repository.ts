import { Injectable } from '@nestjs/common';
import type { WorkflowMail } from '@sixa/contracts';
import { MailRecordsRepository, type MailRecord } from '@sixa/mail';
import { InjectConnection, toApi } from '@sixa/mongo';
import type { Connection } from 'mongoose';

export interface WorkflowMailDoc extends MailRecord {
  run_id: string;
  step_index: number;
}

/** The mails send_email steps sent, one per step key. */
@Injectable()
export class WorkflowMailsRepository extends MailRecordsRepository<WorkflowMailDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<WorkflowMailDoc>('workflow_mails'));
  }

  /** The mails sent, newest first, as the outbox listing shows them. */
  async sentMails(limit: number): Promise<WorkflowMail[]> {
    const docs = await this.listSent(limit);
    return docs.map((d) => {
      const m = toApi<WorkflowMail>({ ...d })!;
      return {
        id: m.id,
        to: m.to,
        subject: m.subject,
        body: m.body,
        run_id: m.run_id,
        step_index: m.step_index,
        file: m.file,
        sent_at: m.sent_at,
      };
    });
  }
}
