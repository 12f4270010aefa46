import { Injectable } from '@nestjs/common';
import { createLogger } from '@sixa/observability';
import { DocumentsConfigRef } from '../config.provider';
import type { DocumentDoc } from '../documents/document.schema';
import { documentExpired, documentStatusChanged } from '../documents/documents.events';
import { SealingService } from './sealing.service';
import { audit, isTurn } from './signature-request';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { SigningMailer } from './signing-mailer';

/**
 * The sweep of signature requests (one replica at a time, SigningSweeper): deadlines, reminders, and
 * whatever a crash left undone (an invitation, the final PDF). Each step is conditional.
 */
@Injectable()
export class SignatureSweepService {
  private readonly logger = createLogger('documents:signing');

  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly config: DocumentsConfigRef,
    private readonly sealing: SealingService,
    private readonly mailer: SigningMailer,
  ) {}

  async sweep(now = new Date()): Promise<{ expired: number; reminded: number; mailed: number; sealed: number }> {
    const out = { expired: 0, reminded: 0, mailed: 0, sealed: 0 };
    for (const doc of await this.requests.pending(500)) {
      const id = String(doc._id);
      const sig = doc.signature;
      if (!sig) continue;
      try {
        if (sig.signers.every((s) => s.status === 'signed')) {
          if (await this.sealing.finalize(id)) out.sealed++;
          continue;
        }
        if (new Date(sig.deadline_at) <= now) {
          if (await this.expire(id, sig.nonce)) out.expired++;
          continue;
        }
        if (sig.signers.some((s) => !s.mailed_at && (s.status === 'sent' || s.status === 'viewed')))
          out.mailed += await this.mailer.mailDue(id);
        if (sig.send_reminders && sig.next_reminder_at && new Date(sig.next_reminder_at) <= now)
          out.reminded += await this.remind(doc, now);
      } catch (e) {
        this.logger.warn({ err: e, document: id }, 'signing sweep: document left for the next turn');
      }
    }
    return out;
  }

  private async expire(id: string, nonce: string): Promise<boolean> {
    const result = await this.requests.changeOpen(id, nonce, (current) => ({
      set: {
        status: 'expired',
        docusign_status: 'voided',
        signature: {
          ...current.signature!,
          next_reminder_at: null,
          audit: [...current.signature!.audit, audit('expired', 'The signing deadline passed before everyone signed')],
        },
      },
      events: (after) => [documentExpired(after), documentStatusChanged('system', after, 'pending_signature')],
    }));
    return result.status === 'changed';
  }

  /** One reminder per due slot to each signer whose turn it is (the slot's time is in the mail's key: once). */
  private async remind(doc: DocumentDoc, now: Date): Promise<number> {
    const id = String(doc._id);
    const sig = doc.signature!;
    const slot = new Date(sig.next_reminder_at!).getTime();
    const due = sig.signers
      .map((s, i) => ({ s, i }))
      .filter(({ s, i }) => (s.status === 'sent' || s.status === 'viewed') && s.mailed_at && isTurn(sig, i));
    for (const { s, i } of due) await this.mailer.remind(doc, sig, s, i, slot);
    const every = this.config.value.signingReminderHours * 3_600_000;
    await this.requests.changeOpen(id, sig.nonce, (current) => {
      const cur = current.signature!;
      if (!cur.next_reminder_at || new Date(cur.next_reminder_at).getTime() !== slot) return null;
      const next = Math.max(slot + every, now.getTime() + 1000);
      const signers = cur.signers.map((s, i) => (due.some((d) => d.i === i) ? { ...s, reminded_at: now } : s));
      const lines = due.map(({ s }) => audit('reminded', `Reminder e-mailed to ${s.email}`, s));
      return {
        set: {
          signature: {
            ...cur,
            signers,
            next_reminder_at: next < new Date(cur.deadline_at).getTime() ? new Date(next) : null,
            audit: [...cur.audit, ...lines],
          },
        },
      };
    });
    return due.length;
  }
}
