import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailDelivery } from '@sixa/mail';
import { DocumentsConfigRef } from '../config.provider';
import type { DocumentDoc, SignatureDoc, SignerDoc } from '../documents/document.schema';
import { SignatureMailsRepository, type SigningMail } from './signature-mails.repository';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { audit } from './signature-request';
import { signingLinkToken } from './signing-links';

/**
 * The mails of signature requests (invitations, reminders, completions) with each signer's link,
 * through the shared mail delivery: once per key, so a step done again sends no second mail.
 */
@Injectable()
export class SigningMailer implements OnModuleInit {
  private readonly delivery: MailDelivery<SigningMail>;

  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly config: DocumentsConfigRef,
    mails: SignatureMailsRepository,
  ) {
    this.delivery = new MailDelivery(mails, () => ({
      smtpUrl: config.value.smtpUrl,
      from: config.value.mailFrom,
      outboxDir: config.value.mailOutboxDir,
      messageIdDomain: 'documents.sixa',
    }));
  }

  async onModuleInit() {
    await this.delivery.ensureIndexes();
  }

  /** A signer's own link to the request: signed, and working until its deadline. */
  signingUrl(id: string, sig: SignatureDoc, index: number): string {
    const token = signingLinkToken(
      { documentId: id, signer: index, nonce: sig.nonce, expires: Math.floor(sig.deadline_at.getTime() / 1000) },
      this.config.value.signingLinkSecret,
    );
    return `${this.config.value.publicUrl}/sign/${token}`;
  }

  /** Mails every signer whose turn it is and who has not been invited yet (once per signer: the mail's key). */
  async mailDue(id: string): Promise<number> {
    const doc = await this.requests.findLive(id);
    const sig = doc?.signature;
    if (!doc || !sig || doc.status !== 'pending_signature') return 0;
    let mailed = 0;
    for (const [i, s] of sig.signers.entries()) {
      if (s.mailed_at || (s.status !== 'sent' && s.status !== 'viewed')) continue;
      const url = this.signingUrl(id, sig, i);
      const body = [
        `Hello ${s.name},`,
        '',
        `You are asked to sign "${doc.title}".`,
        ...(sig.email_message ? ['', sig.email_message] : []),
        '',
        `Review and sign it here: ${url}`,
        '',
        `The link is yours alone and works until ${sig.deadline_at.toUTCString()}.`,
      ].join('\n');
      await this.delivery.send(
        { to: s.email, subject: sig.email_subject, body },
        `sign:${id}:${sig.nonce}:${i}:invite`,
        {
          document_id: id,
        },
      );
      mailed++;
      await this.requests.change(id, sig.nonce, (current) => {
        const cur = current.signature!;
        if (cur.signers[i].mailed_at) return null;
        const signers = cur.signers.map((x, j) => (j === i ? { ...x, mailed_at: new Date() } : x));
        return {
          set: {
            signature: {
              ...cur,
              signers,
              audit: [...cur.audit, audit('email_sent', `Signing link e-mailed to ${s.email}`, s)],
            },
          },
        };
      });
    }
    return mailed;
  }

  /** Tells every signer the document is signed, with their link (which now opens the signed PDF). */
  async mailCompleted(id: string): Promise<void> {
    const doc = await this.requests.findLive(id);
    const sig = doc?.signature;
    if (!doc || !sig) return;
    for (const [i, s] of sig.signers.entries()) {
      const body = [
        `Hello ${s.name},`,
        '',
        `Everyone has signed "${doc.title}".`,
        `Download the signed copy here: ${this.signingUrl(id, sig, i)}`,
      ].join('\n');
      await this.delivery.send(
        { to: s.email, subject: `Signed: ${doc.title}`, body },
        `sign:${id}:${sig.nonce}:${i}:completed`,
        { document_id: id },
      );
    }
  }

  /** A reminder to this signer for the slot `slot` (its time is in the mail's key: once). */
  async remind(doc: DocumentDoc, sig: SignatureDoc, s: SignerDoc, i: number, slot: number): Promise<void> {
    const id = String(doc._id);
    const body = [
      `Hello ${s.name},`,
      '',
      `A reminder: "${doc.title}" is waiting for your signature.`,
      `Review and sign it here: ${this.signingUrl(id, sig, i)}`,
      '',
      `The request closes on ${new Date(sig.deadline_at).toUTCString()}.`,
    ].join('\n');
    await this.delivery.send(
      { to: s.email, subject: `Reminder: ${sig.email_subject}`, body },
      `sign:${id}:${sig.nonce}:${i}:remind:${slot}`,
      { document_id: id },
    );
  }
}
