import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SendEmailParams, WorkflowMail } from '@sixa/contracts';
import { InjectConnection, storeOfCollection, toApi } from '@sixa/mongo';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { WorkConfigRef } from '../config.provider';

interface MailDoc {
  /** The step's idempotency key: one mail per key. */
  _id: string;
  to: string;
  subject: string;
  body: string;
  run_id: string;
  step_index: number;
  transport: 'smtp' | 'outbox';
  status: 'sending' | 'sent';
  file: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/**
 * The send_email action: through SMTP when SMTP_URL is set, else written as an .eml file to the local
 * outbox folder. Each mail is recorded under the step's key first (a unique `_id`), so a retried or
 * resumed step finds the mail sent and sends no second one; an attempt that crashed mid-send is
 * sent again with the same Message-ID (receivers drop the repeat).
 */
@Injectable()
export class WorkflowMailer implements OnModuleInit {
  private readonly mails: Collection<MailDoc>;
  private transport: Transporter | null = null;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly config: WorkConfigRef,
  ) {
    this.mails = connection.collection<MailDoc>('workflow_mails');
  }

  async onModuleInit() {
    // The outbox listing, newest first.
    await this.mails.createIndex({ created_at: -1 });
  }

  private smtp(): Transporter {
    this.transport ??= createTransport(this.config.value.smtpUrl!);
    return this.transport;
  }

  async send(p: SendEmailParams, key: string, runId: string, index: number): Promise<Record<string, unknown>> {
    const cfg = this.config.value;
    const transport = cfg.smtpUrl ? 'smtp' : 'outbox';
    const existing = await this.mails.findOne({ _id: key });
    if (existing?.status === 'sent')
      return { mail_id: key, to: existing.to, transport: existing.transport, repeated: true };
    if (!existing) {
      try {
        await this.mails.insertOne({
          _id: key,
          to: p.to,
          subject: p.subject,
          body: p.body,
          run_id: runId,
          step_index: index,
          transport,
          status: 'sending',
          file: null,
          sent_at: null,
          created_at: new Date(),
        });
      } catch (e) {
        if ((e as { code?: number }).code !== 11000) throw e;
      }
    }
    const messageId = `<${key.replace(':', '.')}@workflows.sixa>`;
    let file: string | null = null;
    if (cfg.smtpUrl) {
      await this.smtp().sendMail({ from: cfg.mailFrom, to: p.to, subject: p.subject, text: p.body, messageId });
    } else {
      await mkdir(cfg.mailOutboxDir, { recursive: true });
      file = join(cfg.mailOutboxDir, `${key.replace(/[^\w.-]/g, '_')}.eml`);
      const eml = [
        `Message-ID: ${messageId}`,
        `From: ${cfg.mailFrom}`,
        `To: ${p.to}`,
        `Subject: ${p.subject}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        p.body,
      ].join('\r\n');
      await writeFile(file, eml, 'utf8');
    }
    await storeOfCollection(this.mails).write('workflow_mails', key, () =>
      this.mails.updateOne({ _id: key }, { $set: { status: 'sent', file, sent_at: new Date() } }),
    );
    return { mail_id: key, to: p.to, transport };
  }

  /** GET /workflows/mail-outbox: the mails workflows sent, newest first. */
  async list(limit = 100): Promise<WorkflowMail[]> {
    const docs = await this.mails.find({ status: 'sent' }).sort({ created_at: -1 }).limit(limit).toArray();
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
