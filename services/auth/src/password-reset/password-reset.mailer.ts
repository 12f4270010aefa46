import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { User } from '@sixa/contracts';
import { MailDelivery } from '@sixa/mail';
import { AuthConfigRef } from '../config.provider';
import { PasswordResetMailsRepository, type ResetMail } from './password-reset-mails.repository';

/** What the e-mail says about who asked. */
export type ResetAskedBy = 'admin' | 'self';

/**
 * The password reset e-mail, through the shared mail delivery (@sixa/mail): SMTP when SMTP_URL is set,
 * else an .eml file in the local outbox folder. Its record keeps no body: the link in it is a secret
 * the database holds only as a hash.
 */
@Injectable()
export class PasswordResetMailer implements OnModuleInit {
  private readonly delivery: MailDelivery<ResetMail>;

  constructor(
    mails: PasswordResetMailsRepository,
    private readonly config: AuthConfigRef,
  ) {
    this.delivery = new MailDelivery(mails, () => ({
      smtpUrl: config.value.smtpUrl,
      from: config.value.mailFrom,
      outboxDir: config.value.mailOutboxDir,
      messageIdDomain: 'auth.sixa',
    }));
  }

  async onModuleInit(): Promise<void> {
    await this.delivery.ensureIndexes();
  }

  /** The page that sets the new password, on the product's one public address. */
  linkFor(secret: string): string {
    return `${this.config.value.publicUrl}/reset-password/${secret}`;
  }

  /** `key`: this request's own (a retry of the same request sends no second mail). */
  async send(user: User, secret: string, expiresAt: Date, askedBy: ResetAskedBy, key: string): Promise<void> {
    const who =
      askedBy === 'admin' ? 'An administrator has asked' : 'Someone (we hope you) has asked, from the sign-in page,';
    const body = [
      `Hello ${user.name},`,
      '',
      `${who} to reset the password of your SIXA account (${user.email}).`,
      'Choose a new password here:',
      '',
      this.linkFor(secret),
      '',
      `The link works once, until ${expiresAt.toUTCString()}. Using it signs you out everywhere else.`,
      'If you did not expect this e-mail, ignore it: your password stays as it is.',
    ].join('\n');
    await this.delivery.send(
      { to: user.email, subject: 'Reset your SIXA password', body },
      `password-reset:${key}`,
      { user_id: user.id },
      { keepBody: false },
    );
  }
}
