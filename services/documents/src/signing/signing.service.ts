import { Injectable } from '@nestjs/common';
import type { DeclineDocumentDto, SignDocumentDto, SigningSession } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { DocumentsConfigRef } from '../config.provider';
import { DocumentsError, DocumentsErrorCode } from '../documents.errors';
import type { DocumentDoc, SignatureDoc, SignerDoc } from '../documents/document.schema';
import { documentDeclined, documentSigned, documentStatusChanged, documentViewed } from '../documents/documents.events';
import { SealingService } from './sealing.service';
import { SignatureFilesRepository } from './signature-files.repository';
import { audit, fileNameOf, isTurn, linkInvalid, notOpen, type SignerClient } from './signature-request';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { verifySigningLink } from './signing-links';
import { SigningMailer } from './signing-mailer';
import { pngOf } from './signing-pdf';

/**
 * The signer's side of e-signature, on public pages reached by a signed link: each signer views the
 * PDF, signs (typed or drawn, with consent) or declines, in turn. Every step is one conditional update
 * of the request, so two replicas or two clicks never sign twice; the last signature seals it.
 */
@Injectable()
export class SigningService {
  private readonly logger = createLogger('documents:signing');

  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly config: DocumentsConfigRef,
    private readonly files: SignatureFilesRepository,
    private readonly mailer: SigningMailer,
    private readonly sealing: SealingService,
  ) {}

  private async byLink(token: string): Promise<{ doc: DocumentDoc; sig: SignatureDoc; index: number }> {
    const check = verifySigningLink(token, this.config.value.signingLinkSecret);
    if (!check.ok) {
      if (check.reason === 'expired')
        throw new DocumentsError(
          DocumentsErrorCode.SigningLinkExpired,
          'This signing link has expired: the signing deadline has passed',
        );
      throw linkInvalid();
    }
    const { documentId, signer, nonce } = check.claims;
    const doc = await this.requests.findLive(documentId);
    const sig = doc?.signature;
    if (!doc || !sig || sig.nonce !== nonce || !sig.signers[signer]) throw linkInvalid();
    return { doc, sig, index: signer };
  }

  /** Why this signer cannot sign now, or null when they can. */
  private blocker(doc: DocumentDoc, sig: SignatureDoc, index: number, now = new Date()): string | null {
    const me = sig.signers[index];
    if (me.status === 'signed') return `You signed this document on ${new Date(me.signed_at!).toUTCString()}.`;
    if (me.status === 'declined') return 'You declined to sign this document.';
    if (doc.status === 'signed') return 'This document has been signed by everyone.';
    if (doc.status === 'expired' || sig.deadline_at <= now) return 'This signature request has expired.';
    if (doc.status !== 'pending_signature') {
      const decliner = sig.signers.find((s) => s.status === 'declined');
      return decliner
        ? `${decliner.name} declined to sign, so this request is closed.`
        : 'This signature request is no longer open.';
    }
    if (!isTurn(sig, index)) {
      const before = sig.signers.filter((s) => s.order < me.order && s.status !== 'signed').map((s) => s.name);
      return `Waiting for ${before.join(', ')} to sign first.`;
    }
    return null;
  }

  private session(doc: DocumentDoc, sig: SignatureDoc, index: number): SigningSession {
    const me = sig.signers[index];
    const reason = this.blocker(doc, sig, index);
    return {
      document_id: String(doc._id),
      title: doc.title,
      email_message: sig.email_message,
      signer: { name: me.name, email: me.email, role: me.role, status: me.status },
      can_sign: reason === null,
      reason,
      document_status: doc.status,
      deadline_at: new Date(sig.deadline_at).toISOString(),
      signers: sig.signers.map((s) => ({ name: s.name, role: s.role, order: s.order, status: s.status })),
    };
  }

  /** GET /documents/signing/{token}: the signer's page; the first open records `viewed`. */
  async open(token: string, client: SignerClient): Promise<SigningSession> {
    const { doc, sig, index } = await this.byLink(token);
    const me = sig.signers[index];
    if (me.status !== 'sent' || doc.status !== 'pending_signature' || !isTurn(sig, index))
      return this.session(doc, sig, index);
    const result = await this.requests.changeOpen(String(doc._id), sig.nonce, (current) => {
      const cur = current.signature!;
      if (cur.signers[index].status !== 'sent') return null;
      const signers = cur.signers.map((s, j) =>
        j === index ? { ...s, status: 'viewed' as const, viewed_at: new Date() } : s,
      );
      return {
        set: {
          docusign_status: current.docusign_status === 'sent' ? 'delivered' : current.docusign_status,
          signature: {
            ...cur,
            signers,
            audit: [...cur.audit, audit('viewed', 'Opened the signing page', me, client)],
          },
        },
        events: (after) => [documentViewed(after, me.email)],
      };
    });
    const now = result.status === 'changed' ? await this.requests.findLive(String(doc._id)) : doc;
    return this.session(now ?? doc, now?.signature ?? sig, index);
  }

  /** GET /documents/signing/{token}/pdf: the PDF as sent (the signed one once everyone has signed). */
  async signerPdf(token: string): Promise<{ bytes: Buffer; name: string }> {
    const { doc, sig } = await this.byLink(token);
    const kind = sig.signed_sha256 ? 'signed' : 'sent';
    const file = await this.files.get(String(doc._id), sig.nonce, kind);
    if (!file) throw linkInvalid();
    return { bytes: file.bytes, name: `${fileNameOf(doc.title)}.pdf` };
  }

  /** POST /documents/signing/{token}/sign: once, in turn, with consent; the last signature seals the document. */
  async sign(token: string, dto: SignDocumentDto, client: SignerClient): Promise<SigningSession> {
    const { doc, sig, index } = await this.byLink(token);
    const blocked = this.blocker(doc, sig, index);
    if (blocked) throw notOpen(blocked);
    if (dto.signature_type === 'drawn' && !pngOf(dto.signature))
      throw new DocumentsError(
        DocumentsErrorCode.InvalidInput,
        'A drawn signature must be a PNG image (data:image/png;base64,...)',
      );
    if (dto.signature_type === 'typed' && !dto.signature.trim())
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'Type your signature');
    const id = String(doc._id);
    let last = false;
    const result = await this.requests.changeOpen(id, sig.nonce, (current) => {
      const cur = current.signature!;
      if (this.blocker(current, cur, index)) return null;
      const me = cur.signers[index];
      const now = new Date();
      let signers: SignerDoc[] = cur.signers.map((s, j) =>
        j === index
          ? {
              ...s,
              status: 'signed' as const,
              signed_at: now,
              viewed_at: s.viewed_at ?? now,
              full_name: dto.full_name.trim(),
              signature_type: dto.signature_type,
              signature: dto.signature_type === 'typed' ? dto.signature.trim() : dto.signature,
              ip: client.ip,
              user_agent: client.userAgent?.slice(0, 512) ?? null,
            }
          : s,
      );
      // Sequential: whoever is next in the order now has their turn (and is mailed after this write).
      const nextOrder = Math.min(...signers.filter((s) => s.status === 'waiting').map((s) => s.order));
      if (signers.filter((s) => s.status !== 'signed' && s.status !== 'waiting').length === 0)
        signers = signers.map((s) => (s.status === 'waiting' && s.order === nextOrder ? { ...s, status: 'sent' } : s));
      last = signers.every((s) => s.status === 'signed');
      const line = audit(
        'signed',
        `Signed as "${dto.full_name.trim()}" (${dto.signature_type} signature), consent to sign electronically given`,
        me,
        client,
      );
      return {
        set: { signature: { ...cur, signers, audit: [...cur.audit, line] } },
        events: (after) => [
          documentSigned(
            after,
            { email: me.email, name: dto.full_name.trim(), ip: client.ip, user_agent: client.userAgent },
            false,
          ),
        ],
      };
    });
    if (result.status !== 'changed') {
      const now = await this.requests.findLive(id);
      const reason = now?.signature ? this.blocker(now, now.signature, index) : null;
      throw notOpen(reason ?? 'This signature request changed meanwhile; reload the page');
    }
    if (last)
      await this.sealing
        .finalize(id)
        .catch((e) => this.logger.warn({ err: e, document: id }, 'sealing left to the sweep'));
    else
      await this.mailer
        .mailDue(id)
        .catch((e) => this.logger.warn({ err: e, document: id }, 'invitations left to the sweep'));
    const after = await this.requests.findLive(id);
    return this.session(after!, after!.signature!, index);
  }

  /** POST /documents/signing/{token}/decline: closes the request; the document is active again (to edit and resend). */
  async decline(token: string, dto: DeclineDocumentDto, client: SignerClient): Promise<SigningSession> {
    const { doc, sig, index } = await this.byLink(token);
    const blocked = this.blocker(doc, sig, index);
    if (blocked) throw notOpen(blocked);
    const id = String(doc._id);
    const reason = dto.reason.trim();
    const result = await this.requests.changeOpen(id, sig.nonce, (current) => {
      const cur = current.signature!;
      if (this.blocker(current, cur, index)) return null;
      const me = cur.signers[index];
      const signers = cur.signers.map((s, j) =>
        j === index ? { ...s, status: 'declined' as const, declined_at: new Date(), decline_reason: reason } : s,
      );
      return {
        set: {
          status: 'active',
          docusign_status: 'declined',
          signature: {
            ...cur,
            signers,
            next_reminder_at: null,
            audit: [...cur.audit, audit('declined', `Declined: ${reason}`, me, client)],
          },
        },
        events: (after) => [
          documentDeclined(after, me.email, reason),
          documentStatusChanged('signer', after, 'pending_signature'),
        ],
      };
    });
    if (result.status !== 'changed') throw notOpen('This signature request changed meanwhile; reload the page');
    const after = await this.requests.findLive(id);
    return this.session(after!, after!.signature!, index);
  }
}
