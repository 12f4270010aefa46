import type { Collection } from 'mongodb';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { MailRecordsRepository, type MailRecord } from './mail-records.repository';

export interface MailSettings {
  /** Secret: smtp://user:pass@host:port. Unset, mails are written as .eml files to `outboxDir`. */
  smtpUrl: string | null;
  from: string;
  /** The local outbox folder (demo mode): where mails go when there is no SMTP server. */
  outboxDir: string;
  /** The right-hand side of Message-IDs, naming the sender (`workflows.sixa`, `documents.sixa`). */
  messageIdDomain: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text body. */
  body: string;
}

export interface SendOptions {
  /**
   * False for a mail whose body holds a secret (a password reset link): the record keeps the mail's
   * envelope without the body, so the database never holds the secret. Default true.
   */
  keepBody?: boolean;
}

/** What a record keeps instead of a body that holds a secret. */
export const BODY_NOT_KEPT = '(not kept: it holds a secret link)';

export interface SentMail {
  mail_id: string;
  to: string;
  transport: 'smtp' | 'outbox';
  /** True when the key had been sent before: nothing went out this time. */
  repeated?: boolean;
  /** The .eml file written (outbox only). */
  file?: string | null;
}

/** The .eml text of a mail written to the local outbox. */
export function toEml(from: string, mail: OutgoingMail, messageId: string, date = new Date()): string {
  return [
    `Message-ID: ${messageId}`,
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject.replace(/[\r\n]+/g, ' ')}`,
    `Date: ${date.toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.body,
  ].join('\r\n');
}

/**
 * Mail delivery shared by the services that send mail (workflows, e-signature): through SMTP when
 * configured, else as an .eml file in the local outbox folder. Each mail is recorded under its key
 * first (a unique `_id`), so a retried or resumed sender finds it sent and sends no second one; an
 * attempt that crashed mid-send is sent again with the same Message-ID (receivers drop the repeat).
 */
export class MailDelivery<R extends MailRecord = MailRecord> {
  private transport: Transporter | null = null;
  private readonly records: MailRecordsRepository<R>;

  /**
   * @param records the sender's repository of its mails (a collection, for senders not yet given one).
   */
  constructor(
    records: MailRecordsRepository<R> | Collection<R>,
    private readonly settings: () => MailSettings,
  ) {
    this.records = records instanceof MailRecordsRepository ? records : new MailRecordsRepository(records);
  }

  /** The outbox listing's index (newest first). */
  async ensureIndexes(): Promise<void> {
    await this.records.ensureIndexes();
  }

  private smtp(url: string): Transporter {
    this.transport ??= createTransport(url);
    return this.transport;
  }

  async send(
    mail: OutgoingMail,
    key: string,
    meta: Omit<R, keyof MailRecord> | Record<string, never>,
    opts: SendOptions = {},
  ): Promise<SentMail> {
    const cfg = this.settings();
    const transport = cfg.smtpUrl ? 'smtp' : 'outbox';
    const existing = await this.records.byKey(key);
    if (existing?.status === 'sent')
      return { mail_id: key, to: existing.to, transport: existing.transport, repeated: true };
    if (!existing) {
      const record: MailRecord = {
        ...meta,
        _id: key,
        to: mail.to,
        subject: mail.subject,
        body: opts.keepBody === false ? BODY_NOT_KEPT : mail.body,
        transport,
        status: 'sending',
        file: null,
        sent_at: null,
        created_at: new Date(),
      };
      // Recorded before (a concurrent send of the same key): sent again with the same Message-ID.
      await this.records.recordSending(record as R);
    }
    const messageId = `<${key.replace(/[^\w.-]/g, '.')}@${cfg.messageIdDomain}>`;
    let file: string | null = null;
    if (cfg.smtpUrl) {
      await this.smtp(cfg.smtpUrl).sendMail({
        from: cfg.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        messageId,
      });
    } else {
      await mkdir(cfg.outboxDir, { recursive: true });
      file = join(cfg.outboxDir, `${key.replace(/[^\w.-]/g, '_')}.eml`);
      await writeFile(file, toEml(cfg.from, mail, messageId), 'utf8');
    }
    await this.records.markSent(key, file);
    return { mail_id: key, to: mail.to, transport, file };
  }

  /** The mails sent, newest first. */
  listSent(limit = 100): Promise<R[]> {
    return this.records.listSent(limit);
  }
}
