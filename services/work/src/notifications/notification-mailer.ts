import { Injectable, type OnModuleInit } from '@nestjs/common';
import { NOTIFICATION_FREQUENCY_LABELS } from '@sixa/contracts';
import { MailDelivery } from '@sixa/mail';
import { WorkConfigRef } from '../config.provider';
import type { DigestFrequency } from './notification-periods';
import type { Recipient } from './notification-recipients.repository';
import { NotificationMailsRepository, type NotificationMail } from './notification-mails.repository';
import type { NotificationDoc } from './notifications.repository';

const PERIOD: Record<DigestFrequency, string> = { hourly: 'hour', daily: 'day', weekly: 'week' };

const footer = (frequency: Recipient['frequency']) =>
  `You get these e-mails: ${NOTIFICATION_FREQUENCY_LABELS[frequency].toLowerCase()}. Change how often in your notification preferences.`;

/**
 * Notification e-mails, through the shared mail delivery (SMTP_URL, or the local outbox folder), one
 * per notification or one digest per period. The key of each mail is its notification's or its
 * digest's: sending again after a stop sends no second one.
 */
@Injectable()
export class NotificationMailer implements OnModuleInit {
  private readonly delivery: MailDelivery<NotificationMail>;

  constructor(
    mails: NotificationMailsRepository,
    private readonly config: WorkConfigRef,
  ) {
    this.delivery = new MailDelivery(mails, () => ({
      smtpUrl: config.value.smtpUrl,
      from: config.value.mailFrom,
      outboxDir: config.value.mailOutboxDir,
      messageIdDomain: 'notifications.sixa',
    }));
  }

  async onModuleInit(): Promise<void> {
    await this.delivery.ensureIndexes();
  }

  private link(path: string): string {
    return `${this.config.value.publicUrl}${path}`;
  }

  async sendOne(to: Recipient, n: NotificationDoc): Promise<void> {
    const body = [`Hello ${to.name},`, '', n.text, '', `Open it: ${this.link(n.path)}`, '', footer(to.frequency)].join(
      '\n',
    );
    await this.delivery.send({ to: to.email, subject: n.subject, body }, `notification:${String(n._id)}`, {
      user_id: to.id,
    });
  }

  async sendDigest(
    to: Recipient,
    frequency: DigestFrequency,
    digestId: string,
    items: NotificationDoc[],
  ): Promise<void> {
    const count = `${items.length} notification${items.length === 1 ? '' : 's'}`;
    const lines = items.flatMap((n) => [
      `- ${n.subject} (${n.created_at.toUTCString()})`,
      `  ${n.text.replace(/\n/g, '\n  ')}`,
      `  ${this.link(n.path)}`,
      '',
    ]);
    const body = [
      `Hello ${to.name},`,
      '',
      `What concerned you in the last ${PERIOD[frequency]}:`,
      '',
      ...lines,
      footer(frequency),
    ].join('\n');
    await this.delivery.send(
      { to: to.email, subject: `Your ${frequency} digest: ${count}`, body },
      `digest:${digestId}`,
      { user_id: to.id },
    );
  }
}
