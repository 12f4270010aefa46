import { Injectable } from '@nestjs/common';
import { createLogger } from '@sixa/observability';
import type { AuditDoc } from '../documents/document.schema';
import { documentSigned, documentStatusChanged } from '../documents/documents.events';
import { SignatureFilesRepository } from './signature-files.repository';
import { audit } from './signature-request';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { SigningMailer } from './signing-mailer';
import { renderSignedPdf, sha256 } from './signing-pdf';

/**
 * Sealing a request every signer has signed: the final PDF (the pages sent, a signature page, an
 * audit page) is kept with its SHA-256, and the document becomes `signed`, once.
 */
@Injectable()
export class SealingService {
  private readonly logger = createLogger('documents:signing');

  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly files: SignatureFilesRepository,
    private readonly mailer: SigningMailer,
  ) {}

  /**
   * Seals a document every signer has signed: the final PDF (sent pages, signature page, audit page)
   * is stored under the request's key (the first stored wins a race; both would be the same bytes,
   * dated at the last signature), then the document becomes `signed` with its hash, in one
   * conditional update (only from pending_signature: once).
   */
  async finalize(id: string): Promise<boolean> {
    const doc = await this.requests.findLive(id);
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
    const result = await this.requests.changeOpen(id, sig.nonce, (current) => {
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
          ),
          documentStatusChanged('system', after, 'pending_signature'),
        ],
      };
    });
    if (result.status !== 'changed') return false;
    await this.mailer
      .mailCompleted(id)
      .catch((e) => this.logger.warn({ err: e, document: id }, 'completion mails not sent'));
    return true;
  }
}
