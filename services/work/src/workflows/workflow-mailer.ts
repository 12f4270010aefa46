import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SendEmailParams, WorkflowMail } from '@sixa/contracts';
import { MailDelivery, type MailRecord } from '@sixa/mail';
import { InjectConnection, toApi } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { WorkConfigRef } from '../config.provider';

interface MailDoc extends MailRecord {
  run_id: string;
  step_index: number;
}

/**
 * The send_email action, through the shared mail delivery (@sixa/mail): SMTP when SMTP_URL is set,
 * else an .eml file in the local outbox folder. The step's idempotency key is the mail's key, so a
 * retried or resumed step finds the mail sent and sends no second one.
 */
@Injectable()
export class WorkflowMailer implements OnModuleInit {
  private readonly delivery: MailDelivery<MailDoc>;

  constructor(@InjectConnection() connection: Connection, config: WorkConfigRef) {
    this.delivery = new MailDelivery(connection.collection<MailDoc>('workflow_mails'), () => ({
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
  async list(limit = 100): Promise<WorkflowMail[]> {
    const docs = await this.delivery.listSent(limit);
    return docs.map((d) => {
      const m = toApi<WorkflowMail & { status?: string; created_at?: string; transport?: string }>(
        d as unknown as Record<string, unknown>,
      )!;
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
