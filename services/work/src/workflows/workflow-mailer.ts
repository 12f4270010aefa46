import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SendEmailParams, WorkflowMail } from '@sixa/contracts';
import { MailDelivery } from '@sixa/mail';
import { WorkConfigRef } from '../config.provider';
import { WorkflowMailsRepository, type WorkflowMailDoc } from './workflow-mails.repository';

/**
 * The send_email action, through the shared mail delivery (@sixa/mail): SMTP when SMTP_URL is set,
 * else an .eml file in the local outbox folder. The step's idempotency key is the mail's key, so a
 * retried or resumed step finds the mail sent and sends no second one.
 */
@Injectable()
export class WorkflowMailer implements OnModuleInit {
  private readonly delivery: MailDelivery<WorkflowMailDoc>;

  constructor(
    private readonly mails: WorkflowMailsRepository,
    config: WorkConfigRef,
  ) {
    this.delivery = new MailDelivery(mails, () => ({
      smtpUrl: config.value.smtpUrl,
      from: config.value.mailFrom,
      outboxDir: config.value.mailOutboxDir,
      messageIdDomain: 'workflows.sixa',
    }));
  }

  async onModuleInit() {
    await this.delivery.ensureIndexes();
  }

  async send(p: SendEmailParams, key: string, runId: string, index: number): Promise<Record<string, unknown>> {
    const sent = await this.delivery.send({ to: p.to, subject: p.subject, body: p.body }, key, {
      run_id: runId,
      step_index: index,
    });
    return sent.repeated
      ? { mail_id: sent.mail_id, to: sent.to, transport: sent.transport, repeated: true }
      : { mail_id: sent.mail_id, to: sent.to, transport: sent.transport };
  }

  /** GET /workflows/mail-outbox: the mails workflows sent, newest first. */
  list(limit = 100): Promise<WorkflowMail[]> {
    return this.mails.sentMails(limit);
  }
}
