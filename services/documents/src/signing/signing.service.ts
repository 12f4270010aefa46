import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  SIGNING_DEADLINE_DAYS_DEFAULT,
  type DeclineDocumentDto,
  type Document,
  type DocumentAuditTrail,
  type DocumentVerification,
  type SendForSignatureDto,
  type SignDocumentDto,
  type SignerLink,
  type SigningSession,
} from '@sixa/contracts';
import { MailDelivery } from '@sixa/mail';
import { createLogger } from '@sixa/observability';
import { randomBytes } from 'node:crypto';
import { canManage, canRead } from '../access';
import { DocumentsConfigRef } from '../config.provider';
import { changedOrThrow, DocumentsError, DocumentsErrorCode } from '../documents.errors';
import type { AuditDoc, DocumentDoc, SignatureDoc, SignerDoc } from '../documents/document.schema';
import {
  documentDeclined,
  documentExpired,
  documentSentForSignature,
  documentSigned,
  documentStatusChanged,
  documentViewed,
} from '../documents/documents.events';
import { DocumentsRepository, envelopeOf } from '../documents/documents.repository';
import { PeopleRepository } from '../people/people.repository';
import { DocumentPrinter } from './document-printer';
import { SignatureFilesRepository } from './signature-files.repository';
import { SignatureMailsRepository, type SigningMail } from './signature-mails.repository';
import { signingLinkToken, verifySigningLink } from './signing-links';
import { documentIdOf, pngOf, renderSignedPdf, sha256 } from './signing-pdf';

const DAY_MS = 86_400_000;
/** Largest PDF accepted by POST /documents/verify (decoded bytes). */
export const VERIFY_MAX_BYTES = 15 * 1024 * 1024;

/** Who is asking on a public signing page: what the audit trail records of them. */
export interface SignerClient {
  ip: string | null;
  userAgent: string | null;
}

const notFound = () => new DocumentsError(DocumentsErrorCode.DocumentNotFound, 'Document not found');
const linkInvalid = () =>
  new DocumentsError(
    DocumentsErrorCode.SigningLinkInvalid,
    'This signing link is not valid (it may have been mistyped, or the request was withdrawn or replaced)',
  );
const notOpen = (why: string) => new DocumentsError(DocumentsErrorCode.SigningNotOpen, why);

const audit = (event: AuditDoc['event'], detail: string, who?: SignerDoc | null, client?: SignerClient): AuditDoc => ({
  at: new Date(),
  event,
  signer_name: who?.name ?? null,
  signer_email: who?.email ?? null,
  ip: client?.ip ?? null,
  user_agent: client?.userAgent?.slice(0, 512) ?? null,
  detail,
});

/** Whether it is this signer's turn: parallel requests, or every signer before them in the order has signed. */
function isTurn(sig: SignatureDoc, index: number): boolean {
  const me = sig.signers[index];
  return sig.signers.every((s) => s.order >= me.order || s.status === 'signed');
}

/**
 * The product's own e-signature provider: a document goes out to its signers by signed, expiring
 * links (HMAC), in order or in parallel; each signer views the PDF, signs (typed or drawn, with
 * consent) or declines; the last signature seals the final PDF with a signature page and an audit
 * page, whose SHA-256 is kept to verify copies later. Every step is one conditional update of the
 * document (its revision), so two replicas or two clicks never sign twice; mails are sent once per
 * key (the shared mail delivery), and anything left undone by a crash (an invitation, the final PDF)
 * is picked up by the sweep, which also sends reminders and expires requests (one replica: a lease).
 */
@Injectable()
export class SigningService implements OnModuleInit {
  private readonly mail: MailDelivery<SigningMail>;
  private readonly logger = createLogger('documents:signing');

  constructor(
    private readonly documents: DocumentsRepository,
    private readonly config: DocumentsConfigRef,
    private readonly printer: DocumentPrinter,
    private readonly people: PeopleRepository,
    private readonly files: SignatureFilesRepository,
    mails: SignatureMailsRepository,
  ) {
    this.mail = new MailDelivery(mails, () => ({
      smtpUrl: config.value.smtpUrl,
      from: config.value.mailFrom,
      outboxDir: config.value.mailOutboxDir,
      messageIdDomain: 'documents.sixa',
    }));
  }

  async onModuleInit() {
    await this.mail.ensureIndexes();
  }

  // ---------------------------------------------------------------------------------------------
  // The sender's side

  /**
   * POST /documents/{id}/send-for-signature: its creator or an admin, an active document that
   * requires a signature. `hangUp`: the caller is gone (the gateway gave up), so the PDF is not made
   * and nothing is sent.
   */
  async send(actor: AuthUser, id: string, dto: SendForSignatureDto, hangUp?: AbortSignal): Promise<Document> {
    if (dto.document_id !== undefined && dto.document_id !== id)
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'document_id does not match the document in the path');
    const doc = await this.documents.findLiveDoc(id);
    if (!doc || !canRead(actor, this.documents.map(doc))) throw notFound();
    if (!canManage(actor, doc))
      throw new DocumentsError(
        DocumentsErrorCode.NotOwner,
        "Only the document's creator or an admin can send it for signature",
      );
    await this.people.rememberActor(actor);
    return this.sendDoc(actor.id, doc, dto, hangUp);
  }

  /**
   * Sends `doc` (read just before) for signature on behalf of `actorId`; also the quote chain's way in.
   * The PDF is printed first: when it cannot be (ConversionError: 503 or 504), nothing is stored,
   * mailed or changed.
   */
  async sendDoc(actorId: string, doc: DocumentDoc, dto: SendForSignatureDto, hangUp?: AbortSignal): Promise<Document> {
    const id = String(doc._id);
    if (!doc.signature_required || doc.status !== 'active')
      throw notOpen(
        doc.signature_required
          ? `Only an active document can be sent for signature; this one is ${doc.status.replace('_', ' ')}`
          : 'This document does not require a signature: set "signature required" and make it active first',
      );
    const signers = dto.signers.map((s) => ({
      name: s.name.trim(),
      email: s.email.trim().toLowerCase(),
      role: s.role?.trim() || 'signer',
    }));
    const emails = new Set(signers.map((s) => s.email));
    if (emails.size !== signers.length)
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'each signer needs their own e-mail address');
    const order = dto.signing_order ?? 'sequential';
    const now = new Date();
    const nonce = randomBytes(12).toString('base64url');
    const pdf = await this.printer.print(
      { id, title: doc.title, content: doc.content, version: doc.version },
      now,
      'Nothing was sent',
      hangUp,
    );
    const sentSha = sha256(pdf);
    await this.files.keep(id, nonce, 'sent', { sha256: sentSha, bytes: pdf }, now);
    const reminders = dto.send_reminders ?? true;
    const signature: SignatureDoc = {
      nonce,
      signing_order: order,
      email_subject: dto.email_subject?.trim() || `Please sign: ${doc.title}`,
      email_message: dto.email_message?.trim() || '',
      send_reminders: reminders,
      sent_by: actorId,
      sent_at: now,
      deadline_at: new Date(now.getTime() + (dto.expires_in_days ?? SIGNING_DEADLINE_DAYS_DEFAULT) * DAY_MS),
      next_reminder_at: reminders ? new Date(now.getTime() + this.config.value.signingReminderHours * 3_600_000) : null,
      completed_at: null,
      signers: signers.map((s, i) => {
        const place = order === 'sequential' ? i + 1 : 1;
        return {
          ...s,
          order: place,
          status: place === 1 ? 'sent' : 'waiting',
          mailed_at: null,
          reminded_at: null,
          viewed_at: null,
          signed_at: null,
          declined_at: null,
          decline_reason: null,
          full_name: null,
          signature_type: null,
          signature: null,
          ip: null,
          user_agent: null,
        };
      }),
      sent_sha256: sentSha,
      signed_sha256: null,
      audit: [
        {
          at: now,
          event: 'sent',
          signer_name: null,
          signer_email: null,
          ip: null,
          user_agent: null,
          detail: `Sent for signature to ${signers.map((s) => `${s.name} <${s.email}>`).join(', ')} (${order}); PDF SHA-256 ${sentSha}`,
        },
      ],
    };
    const firstUrl = this.signingUrl(id, signature, 0);
    const result = await this.documents.changeById(
      id,
      { status: 'active', signature_required: true, version: doc.version },
      () => ({
        set: { status: 'pending_signature', docusign_status: 'sent', signers, signature },
        events: (after) => [
          documentSentForSignature(actorId, after, firstUrl, this.config.value.mongoDb),
          documentStatusChanged(actorId, after, 'active'),
        ],
      }),
    );
    if (result.status === 'missing') {
      const now = await this.documents.findLiveDoc(id);
      if (!now) throw notFound();
      throw notOpen(`This document changed meanwhile (it is now ${now.status.replace('_', ' ')}); reload it`);
    }
    const sent = changedOrThrow(result, 'document', notFound);
    await this.mailDue(id).catch((e) => this.logger.warn({ err: e, document: id }, 'invitations left to the sweep'));
    return (await this.documents.findById(id)) ?? sent;
  }

  private signingUrl(id: string, sig: SignatureDoc, index: number): string {
    const token = signingLinkToken(
      { documentId: id, signer: index, nonce: sig.nonce, expires: Math.floor(sig.deadline_at.getTime() / 1000) },
      this.config.value.signingLinkSecret,
    );
    return `${this.config.value.publicUrl}/sign/${token}`;
  }

  /** Mails every signer whose turn it is and who has not been invited yet (once per signer: the mail's key). */
  async mailDue(id: string): Promise<number> {
    const doc = await this.documents.findLiveDoc(id);
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
      await this.mail.send({ to: s.email, subject: sig.email_subject, body }, `sign:${id}:${sig.nonce}:${i}:invite`, {
        document_id: id,
      });
      mailed++;
      await this.documents.changeById(id, { 'signature.nonce': sig.nonce }, (current) => {
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

  /**
   * GET /documents/{id}/signing-links (its creator or an admin): the links of the signers whose turn
   * it is, to hand over another way when a mail does not arrive (each is that signer's alone).
   */
  async signingLinks(actor: AuthUser, id: string): Promise<SignerLink[]> {
    const doc = await this.readable(actor, id);
    if (!canManage(actor, doc))
      throw new DocumentsError(
        DocumentsErrorCode.NotOwner,
        "Only the document's creator or an admin can see signing links",
      );
    const sig = doc.signature;
    if (!sig || doc.status !== 'pending_signature') return [];
    return sig.signers
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.status === 'sent' || s.status === 'viewed')
      .map(({ s, i }) => ({ name: s.name, email: s.email, status: s.status, url: this.signingUrl(id, sig, i) }));
  }

  /**
   * GET /documents/{id}/audit-trail: the request (its sender named), its signers' progress and every
   * event (with addresses).
   */
  async auditTrail(actor: AuthUser, id: string): Promise<DocumentAuditTrail> {
    const doc = await this.readable(actor, id);
    const sig = doc.signature;
    const names = sig ? await this.people.namesOf([sig.sent_by]) : new Map<string, string>();
    return {
      document_id: id,
      title: doc.title,
      status: doc.status,
      docusign_status: doc.docusign_status,
      envelope: sig ? { ...envelopeOf(sig), sent_by_name: names.get(sig.sent_by) ?? null } : null,
      events: (sig?.audit ?? []).map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    };
  }

  private async readable(actor: AuthUser, id: string): Promise<DocumentDoc> {
    const doc = await this.documents.findLiveDoc(id);
    if (!doc || !canRead(actor, this.documents.map(doc))) throw notFound();
    return doc;
  }

  /** GET /documents/{id}/pdf: the PDF as sent for signature, or of the current content when never sent. */
  async documentPdf(actor: AuthUser, id: string, hangUp?: AbortSignal): Promise<{ bytes: Buffer; name: string }> {
    const doc = await this.readable(actor, id);
    const name = `${doc.title.replace(/[^\w .-]/g, '_')}.pdf`;
    if (doc.signature) {
      const file = await this.files.get(id, doc.signature.nonce, 'sent');
      if (file) return { bytes: file.bytes, name };
    }
    const pdf = await this.printer.print(
      { id, title: doc.title, content: doc.content, version: doc.version },
      doc.version_created_at,
      'No PDF to download',
      hangUp,
    );
    return { bytes: Buffer.from(pdf), name };
  }

  /** GET /documents/{id}/signed-pdf: the final PDF with signatures and audit page (409 until signed). */
  async signedPdf(actor: AuthUser, id: string): Promise<{ bytes: Buffer; name: string }> {
    const doc = await this.readable(actor, id);
    const file = doc.signature?.signed_sha256 ? await this.files.get(id, doc.signature.nonce, 'signed') : null;
    if (!file)
      throw new DocumentsError(DocumentsErrorCode.NotSigned, 'This document has not been signed by everyone yet');
    return { bytes: file.bytes, name: `${doc.title.replace(/[^\w .-]/g, '_')} (signed).pdf` };
  }

  /** POST /documents/verify: which document a PDF is, and whether it is byte for byte the signed one. */
  async verify(base64: string): Promise<DocumentVerification> {
    const clean = base64.replace(/^data:application\/pdf;base64,/, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1)
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'file_content is not valid base64');
    const bytes = Buffer.from(clean, 'base64');
    if (bytes.length > VERIFY_MAX_BYTES)
      throw new DocumentsError(
        DocumentsErrorCode.InvalidInput,
        `The PDF is larger than ${VERIFY_MAX_BYTES / 1048576} MB`,
      );
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'file_content is not a PDF');
    const hash = sha256(bytes);
    const exact = await this.documents.findBySignedHash(hash);
    if (exact)
      return {
        verified: true,
        document_id: String(exact._id),
        title: exact.title,
        signed_at: exact.signature?.completed_at ? new Date(exact.signature.completed_at).toISOString() : null,
        sha256: hash,
        detail: `Unaltered: this is the signed copy of "${exact.title}", exactly as sealed when the last signer signed.`,
      };
    const claimed = await documentIdOf(bytes);
    const doc = claimed ? await this.documents.findLiveDoc(claimed) : null;
    if (doc?.signature) {
      const sentCopy = doc.signature.sent_sha256 === hash;
      return {
        verified: false,
        document_id: String(doc._id),
        title: doc.title,
        signed_at: doc.signature.completed_at ? new Date(doc.signature.completed_at).toISOString() : null,
        sha256: hash,
        detail: sentCopy
          ? `This is the copy of "${doc.title}" sent for signature, not the signed one.`
          : doc.signature.signed_sha256
            ? `Altered: this file names "${doc.title}" but differs from its signed copy.`
            : `"${doc.title}" has not been signed by everyone yet, and this file is not its sent copy.`,
      };
    }
    return {
      verified: false,
      document_id: null,
      title: null,
      signed_at: null,
      sha256: hash,
      detail: 'No document signed here matches this file.',
    };
  }

  // ---------------------------------------------------------------------------------------------
  // The signer's side (public pages, by link)

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
    const doc = await this.documents.findLiveDoc(documentId);
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
    const result = await this.documents.changeById(
      String(doc._id),
      { status: 'pending_signature', 'signature.nonce': sig.nonce },
      (current) => {
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
      },
    );
    const now = result.status === 'changed' ? await this.documents.findLiveDoc(String(doc._id)) : doc;
    return this.session(now ?? doc, now?.signature ?? sig, index);
  }

  /** GET /documents/signing/{token}/pdf: the PDF as sent (the signed one once everyone has signed). */
  async signerPdf(token: string): Promise<{ bytes: Buffer; name: string }> {
    const { doc, sig } = await this.byLink(token);
    const kind = sig.signed_sha256 ? 'signed' : 'sent';
    const file = await this.files.get(String(doc._id), sig.nonce, kind);
    if (!file) throw linkInvalid();
    return { bytes: file.bytes, name: `${doc.title.replace(/[^\w .-]/g, '_')}.pdf` };
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
    const result = await this.documents.changeById(
      id,
      { status: 'pending_signature', 'signature.nonce': sig.nonce },
      (current) => {
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
          signers = signers.map((s) =>
            s.status === 'waiting' && s.order === nextOrder ? { ...s, status: 'sent' } : s,
          );
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
              this.config.value.mongoDb,
            ),
          ],
        };
      },
    );
    if (result.status !== 'changed') {
      const now = await this.documents.findLiveDoc(id);
      const reason = now?.signature ? this.blocker(now, now.signature, index) : null;
      throw notOpen(reason ?? 'This signature request changed meanwhile; reload the page');
    }
    if (last)
      await this.finalize(id).catch((e) => this.logger.warn({ err: e, document: id }, 'sealing left to the sweep'));
    else
      await this.mailDue(id).catch((e) => this.logger.warn({ err: e, document: id }, 'invitations left to the sweep'));
    const after = await this.documents.findLiveDoc(id);
    return this.session(after!, after!.signature!, index);
  }

  /** POST /documents/signing/{token}/decline: closes the request; the document is active again (to edit and resend). */
  async decline(token: string, dto: DeclineDocumentDto, client: SignerClient): Promise<SigningSession> {
    const { doc, sig, index } = await this.byLink(token);
    const blocked = this.blocker(doc, sig, index);
    if (blocked) throw notOpen(blocked);
    const id = String(doc._id);
    const reason = dto.reason.trim();
    const result = await this.documents.changeById(
      id,
      { status: 'pending_signature', 'signature.nonce': sig.nonce },
      (current) => {
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
      },
    );
    if (result.status !== 'changed') throw notOpen('This signature request changed meanwhile; reload the page');
    const after = await this.documents.findLiveDoc(id);
    return this.session(after!, after!.signature!, index);
  }

  /**
   * Seals a document every signer has signed: the final PDF (sent pages, signature page, audit page)
   * is stored under the request's key (the first stored wins a race; both would be the same bytes,
   * dated at the last signature), then the document becomes `signed` with its hash, in one
   * conditional update (only from pending_signature: once).
   */
  async finalize(id: string): Promise<boolean> {
    const doc = await this.documents.findLiveDoc(id);
    const sig = doc?.signature;
    if (!doc || !sig || doc.status !== 'pending_signature' || !sig.signers.every((s) => s.status === 'signed'))
      return false;
    const completedAt = new Date(Math.max(...sig.signers.map((s) => new Date(s.signed_at!).getTime())));
    let file = await this.files.get(id, sig.nonce, 'signed');
    if (!file) {
      const sent = await this.files.get(id, sig.nonce, 'sent');
      if (!sent) throw new Error(`document ${id}: the PDF sent for signature is missing`);
      const completedLine: AuditDoc = {
        at: completedAt,
        event: 'completed',
        signer_name: null,
        signer_email: null,
        ip: null,
        user_agent: null,
        detail: 'Every signer has signed: the document is sealed',
      };
      const { bytes } = await renderSignedPdf(
        sent.bytes,
        { id, title: doc.title, content: doc.content, version: doc.version },
        sig.signers.map((s) => ({
          name: s.name,
          email: s.email,
          role: s.role,
          full_name: s.full_name ?? s.name,
          signature_type: s.signature_type ?? 'typed',
          signature: s.signature ?? s.name,
          signed_at: new Date(s.signed_at!),
          ip: s.ip,
        })),
        [...sig.audit, completedLine].map((e) => ({
          ...e,
          at: new Date(e.at),
        })),
        completedAt,
      );
      // Sealed meanwhile by another replica: its file stays, and is the one read back.
      await this.files.keep(id, sig.nonce, 'signed', { sha256: sha256(bytes), bytes });
      file = await this.files.get(id, sig.nonce, 'signed');
      if (!file) throw new Error(`document ${id}: the signed PDF was not stored`);
    }
    const signedSha = file.sha256;
    const result = await this.documents.changeById(
      id,
      { status: 'pending_signature', 'signature.nonce': sig.nonce },
      (current) => {
        const cur = current.signature!;
        if (!cur.signers.every((s) => s.status === 'signed')) return null;
        const line: AuditDoc = { ...audit('completed', `Sealed; final PDF SHA-256 ${signedSha}`), at: completedAt };
        const lastSigner = [...cur.signers].sort(
          (a, b) => new Date(b.signed_at!).getTime() - new Date(a.signed_at!).getTime(),
        )[0];
        return {
          set: {
            status: 'signed',
            docusign_status: 'completed',
            signature: {
              ...cur,
              completed_at: completedAt,
              signed_sha256: signedSha,
              next_reminder_at: null,
              audit: [...cur.audit, line],
            },
          },
          events: (after) => [
            documentSigned(
              after,
              {
                email: lastSigner.email,
                name: lastSigner.full_name ?? lastSigner.name,
                ip: lastSigner.ip,
                user_agent: lastSigner.user_agent,
              },
              true,
              this.config.value.mongoDb,
            ),
            documentStatusChanged('system', after, 'pending_signature'),
          ],
        };
      },
    );
    if (result.status !== 'changed') return false;
    await this.mailCompleted(id).catch((e) => this.logger.warn({ err: e, document: id }, 'completion mails not sent'));
    return true;
  }

  /** Tells every signer the document is signed, with their link (which now opens the signed PDF). */
  private async mailCompleted(id: string): Promise<void> {
    const doc = await this.documents.findLiveDoc(id);
    const sig = doc?.signature;
    if (!doc || !sig) return;
    for (const [i, s] of sig.signers.entries()) {
      const body = [
        `Hello ${s.name},`,
        '',
        `Everyone has signed "${doc.title}".`,
        `Download the signed copy here: ${this.signingUrl(id, sig, i)}`,
      ].join('\n');
      await this.mail.send(
        { to: s.email, subject: `Signed: ${doc.title}`, body },
        `sign:${id}:${sig.nonce}:${i}:completed`,
        { document_id: id },
      );
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The sweep (one replica at a time): deadlines, reminders, and whatever a crash left undone

  async sweep(now = new Date()): Promise<{ expired: number; reminded: number; mailed: number; sealed: number }> {
    const out = { expired: 0, reminded: 0, mailed: 0, sealed: 0 };
    for (const doc of await this.documents.pendingSignature(500)) {
      const id = String(doc._id);
      const sig = doc.signature;
      if (!sig) continue;
      try {
        if (sig.signers.every((s) => s.status === 'signed')) {
          if (await this.finalize(id)) out.sealed++;
          continue;
        }
        if (new Date(sig.deadline_at) <= now) {
          if (await this.expire(id, sig.nonce)) out.expired++;
          continue;
        }
        if (sig.signers.some((s) => !s.mailed_at && (s.status === 'sent' || s.status === 'viewed')))
          out.mailed += await this.mailDue(id);
        if (sig.send_reminders && sig.next_reminder_at && new Date(sig.next_reminder_at) <= now)
          out.reminded += await this.remind(doc, now);
      } catch (e) {
        this.logger.warn({ err: e, document: id }, 'signing sweep: document left for the next turn');
      }
    }
    return out;
  }

  private async expire(id: string, nonce: string): Promise<boolean> {
    const result = await this.documents.changeById(
      id,
      { status: 'pending_signature', 'signature.nonce': nonce },
      (current) => ({
        set: {
          status: 'expired',
          docusign_status: 'voided',
          signature: {
            ...current.signature!,
            next_reminder_at: null,
            audit: [
              ...current.signature!.audit,
              audit('expired', 'The signing deadline passed before everyone signed'),
            ],
          },
        },
        events: (after) => [documentExpired(after), documentStatusChanged('system', after, 'pending_signature')],
      }),
    );
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
    for (const { s, i } of due) {
      const body = [
        `Hello ${s.name},`,
        '',
        `A reminder: "${doc.title}" is waiting for your signature.`,
        `Review and sign it here: ${this.signingUrl(id, sig, i)}`,
        '',
        `The request closes on ${new Date(sig.deadline_at).toUTCString()}.`,
      ].join('\n');
      await this.mail.send(
        { to: s.email, subject: `Reminder: ${sig.email_subject}`, body },
        `sign:${id}:${sig.nonce}:${i}:remind:${slot}`,
        { document_id: id },
      );
    }
    const every = this.config.value.signingReminderHours * 3_600_000;
    await this.documents.changeById(id, { status: 'pending_signature', 'signature.nonce': sig.nonce }, (current) => {
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
