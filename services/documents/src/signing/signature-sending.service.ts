import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  SIGNING_DEADLINE_DAYS_DEFAULT,
  type Document,
  type DocumentAuditTrail,
  type DocumentVerification,
  type SendForSignatureDto,
  type SignerLink,
} from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { randomBytes } from 'node:crypto';
import { canManage, canRead } from '../access';
import { DocumentsConfigRef } from '../config.provider';
import { changedOrThrow, DocumentsError, DocumentsErrorCode } from '../documents.errors';
import type { DocumentDoc, SignatureDoc } from '../documents/document.schema';
import { documentSentForSignature, documentStatusChanged } from '../documents/documents.events';
import { envelopeOf } from '../documents/documents.repository';
import { PeopleRepository } from '../people/people.repository';
import { DocumentPrinter } from './document-printer';
import { SignatureFilesRepository } from './signature-files.repository';
import { DAY_MS, fileNameOf, notFound, notOpen } from './signature-request';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { SigningMailer } from './signing-mailer';
import { documentIdOf, sha256 } from './signing-pdf';

/** Largest PDF accepted by POST /documents/verify (decoded bytes). */
export const VERIFY_MAX_BYTES = 15 * 1024 * 1024;

/**
 * The sender's side of e-signature: a document goes out to its signers by signed, expiring links,
 * in order or in parallel, with the PDF as sent kept (and its SHA-256, to verify copies later); the
 * sender follows it (links, audit trail), downloads the PDFs and verifies a copy.
 */
@Injectable()
export class SignatureSendingService {
  private readonly logger = createLogger('documents:signing');

  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly config: DocumentsConfigRef,
    private readonly printer: DocumentPrinter,
    private readonly people: PeopleRepository,
    private readonly files: SignatureFilesRepository,
    private readonly mailer: SigningMailer,
  ) {}

  /**
   * POST /documents/{id}/send-for-signature: its creator or an admin, an active document that
   * requires a signature. `hangUp`: the caller is gone (the gateway gave up), so the PDF is not made
   * and nothing is sent.
   */
  async send(actor: AuthUser, id: string, dto: SendForSignatureDto, hangUp?: AbortSignal): Promise<Document> {
    if (dto.document_id !== undefined && dto.document_id !== id)
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'document_id does not match the document in the path');
    const doc = await this.requests.findLive(id);
    if (!doc || !canRead(actor, this.requests.toApi(doc))) throw notFound();
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
    const firstUrl = this.mailer.signingUrl(id, signature, 0);
    const result = await this.requests.start(id, doc.version, () => ({
      set: { status: 'pending_signature', docusign_status: 'sent', signers, signature },
      events: (after) => [
        documentSentForSignature(actorId, after, firstUrl),
        documentStatusChanged(actorId, after, 'active'),
      ],
    }));
    if (result.status === 'missing') {
      const now = await this.requests.findLive(id);
      if (!now) throw notFound();
      throw notOpen(`This document changed meanwhile (it is now ${now.status.replace('_', ' ')}); reload it`);
    }
    const sent = changedOrThrow(result, 'document', notFound);
    await this.mailer
      .mailDue(id)
      .catch((e) => this.logger.warn({ err: e, document: id }, 'invitations left to the sweep'));
    return (await this.requests.findById(id)) ?? sent;
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
      .map(({ s, i }) => ({ name: s.name, email: s.email, status: s.status, url: this.mailer.signingUrl(id, sig, i) }));
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
    const doc = await this.requests.findLive(id);
    if (!doc || !canRead(actor, this.requests.toApi(doc))) throw notFound();
    return doc;
  }

  /** GET /documents/{id}/pdf: the PDF as sent for signature, or of the current content when never sent. */
  async documentPdf(actor: AuthUser, id: string, hangUp?: AbortSignal): Promise<{ bytes: Buffer; name: string }> {
    const doc = await this.readable(actor, id);
    const name = `${fileNameOf(doc.title)}.pdf`;
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
    return { bytes: file.bytes, name: `${fileNameOf(doc.title)} (signed).pdf` };
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
    const exact = await this.requests.bySignedHash(hash);
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
    const doc = claimed ? await this.requests.findLive(claimed) : null;
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
}
