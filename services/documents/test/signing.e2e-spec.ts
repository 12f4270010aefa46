import { TOPICS, type Document, type DocumentAuditTrail, type SigningSession } from '@sixa/contracts';
import { EventRecorder, http } from '@sixa/testing';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { signingLinkToken } from '../src/signing/signing-links';
import { DocumentsRepository } from '../src/documents/documents.repository';
import { SignatureSweepService } from '../src/signing/signature-sweep.service';
import { newDocument, newStaff, startDocuments, type DocumentsContext } from './factories';

/** A 2×2 PNG (what a signature canvas exports, in small). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFUlEQVR4nGNgYGD4z8DAwMDAwMAAAA0ABAEAASM8a4sAAAAASUVORK5CYII=';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** E-signature end to end through the gateway: links, order, signing, sealing, verification, sweep. */
describe('e-signature, through the gateway', () => {
  let ctx: DocumentsContext;
  let recorder: EventRecorder;
  let outbox: string;

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'sixa-sign-outbox-'));
    ctx = await startDocuments({ mailOutboxDir: outbox, publicUrl: 'http://web.test', signingSweepMs: 3_600_000 });
    recorder = await new EventRecorder(TOPICS.documents, (e) => e.type.startsWith('document.')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  /** The signing links mailed to `email` so far (oldest first), from the local outbox. */
  async function linksFor(email: string): Promise<string[]> {
    const links: Array<[number, string]> = [];
    for (const name of await readdir(outbox)) {
      const text = await readFile(join(outbox, name), 'utf8');
      if (!text.includes(`To: ${email}`)) continue;
      const m = /http:\/\/web\.test\/sign\/([\w-]+\.[\w-]+)/.exec(text);
      const date = /^Date: (.*)$/m.exec(text)?.[1];
      if (m) links.push([Date.parse(date ?? '') || 0, m[1]]);
    }
    return links.sort((a, b) => a[0] - b[0]).map(([, t]) => t);
  }

  const signer = (token: string, headers: Record<string, string> = {}) => ({
    open: () => http(ctx.api, 'GET', `/documents/signing/${token}`, { headers }),
    sign: (body: unknown) => http(ctx.api, 'POST', `/documents/signing/${token}/sign`, { body, headers }),
    decline: (reason: string) => http(ctx.api, 'POST', `/documents/signing/${token}/decline`, { body: { reason } }),
  });

  async function pdfOf(
    path: string,
    token?: string,
  ): Promise<{ status: number; bytes: Buffer; type: string | null; csp: string | null }> {
    const res = await fetch(`${ctx.api}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return {
      status: res.status,
      bytes: Buffer.from(await res.arrayBuffer()),
      type: res.headers.get('content-type'),
      csp: res.headers.get('content-security-policy'),
    };
  }

  async function activeDocument(overrides: Record<string, unknown> = {}): Promise<Document> {
    const res = await ctx.as(ctx.admin).post(
      '/documents',
      newDocument({
        title: 'Master services agreement',
        content: '<h1>Agreement</h1><p>The parties agree to the terms below.</p><p>Fee: 1,200 EUR</p>',
        signature_required: true,
        status: 'active',
        ...overrides,
      }),
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  const TWO = [
    { name: 'Ana First', email: 'Ana@Example.com', role: 'client' },
    { name: 'Ben Second', email: 'ben@example.com', role: 'counter-signer' },
  ];

  it('sends to two signers in order, seals the PDF with its audit page, and verifies it', async () => {
    const doc = await activeDocument();
    const sent = await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, {
      document_id: doc.id,
      signers: TWO,
      email_subject: 'Please sign the MSA',
      email_message: 'Thanks!',
      send_reminders: true,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'pending_signature', docusign_status: 'sent' });
    expect(sent.body.signature).toMatchObject({
      signing_order: 'sequential',
      signers: [
        { email: 'ana@example.com', order: 1, status: 'sent' },
        { email: 'ben@example.com', order: 2, status: 'waiting' },
      ],
    });
    await recorder.waitFor((e) => e.type === 'document.sent_for_signature' && e.subject === doc.id);

    // Only the first signer is mailed; the second has no link yet. The sender can copy the link too.
    const [anaLink] = await linksFor('ana@example.com');
    expect(anaLink).toBeDefined();
    const copied = await ctx.as(ctx.admin).get(`/documents/${doc.id}/signing-links`);
    expect(copied.body).toEqual([
      { name: 'Ana First', email: 'ana@example.com', status: 'sent', url: `http://web.test/sign/${anaLink}` },
    ]);
    expect(await linksFor('ben@example.com')).toEqual([]);

    // The second signer's link (as it will be mailed) cannot be used before the first has signed.
    const stored = (await ctx.app.get(DocumentsRepository).findLiveDoc(doc.id))!;
    const benEarly = signingLinkToken(
      {
        documentId: doc.id,
        signer: 1,
        nonce: stored.signature!.nonce,
        expires: Math.floor(new Date(stored.signature!.deadline_at).getTime() / 1000),
      },
      ctx.config.signingLinkSecret,
    );
    const early = await signer(benEarly).sign({
      full_name: 'Ben Second',
      signature_type: 'typed',
      signature: 'Ben',
      consent: true,
    });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Waiting for Ana First to sign first.');
    const benView = (await signer(benEarly).open()).body as SigningSession;
    expect(benView).toMatchObject({ can_sign: false, reason: 'Waiting for Ana First to sign first.' });

    // The first signer opens the page (viewed), reads the PDF as sent, and signs without consent: refused.
    const ana = signer(anaLink, { 'user-agent': 'AnaBrowser/1.0' });
    const page = (await ana.open()).body as SigningSession;
    expect(page).toMatchObject({ title: 'Master services agreement', can_sign: true, signer: { status: 'viewed' } });
    const sentPdf = await pdfOf(`/documents/signing/${anaLink}/pdf`);
    expect(sentPdf.status).toBe(200);
    expect(sentPdf.type).toBe('application/pdf');
    // The signing page shows it in a frame: the gateway lets our own pages (only) frame it.
    expect(sentPdf.csp).toContain("frame-ancestors 'self'");
    expect(sha256(sentPdf.bytes)).toBe(sent.body.signature.sent_sha256);
    const noConsent = await ana.sign({
      full_name: 'Ana First',
      signature_type: 'typed',
      signature: 'Ana F.',
      consent: false,
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.detail).toMatch(/consent/);

    const signed1 = await ana.sign({
      full_name: 'Ana First',
      signature_type: 'typed',
      signature: 'Ana F.',
      consent: true,
    });
    expect(signed1.status).toBe(200);
    expect(signed1.body).toMatchObject({ can_sign: false, signer: { status: 'signed' } });
    const again = await ana.sign({
      full_name: 'Ana First',
      signature_type: 'typed',
      signature: 'Ana F.',
      consent: true,
    });
    expect(again.status).toBe(409);

    // Now the second signer is mailed, and signs with a drawn signature.
    const [benLink] = await linksFor('ben@example.com');
    expect(benLink).toBeDefined();
    const signed2 = await signer(benLink).sign({
      full_name: 'Ben Second',
      signature_type: 'drawn',
      signature: PNG,
      consent: true,
    });
    expect(signed2.status).toBe(200);

    const final = (await ctx.as(ctx.admin).get(`/documents/${doc.id}`)).body as Document;
    expect(final).toMatchObject({ status: 'signed', docusign_status: 'completed' });
    expect(final.signature!.signed_sha256).toMatch(/^[0-9a-f]{64}$/);
    const completed = await recorder.waitFor(
      (e) => e.type === 'document.signed' && e.subject === doc.id && e.data.completed === true,
    );
    expect(completed.data.document.status).toBe('signed');

    // The final PDF: the sent page(s), the signature page, the audit page; its hash is the one kept.
    const signedPdf = await pdfOf(`/documents/${doc.id}/signed-pdf`, ctx.admin);
    expect(signedPdf.status).toBe(200);
    expect(sha256(signedPdf.bytes)).toBe(final.signature!.signed_sha256);
    const sentPages = (await PDFDocument.load(sentPdf.bytes)).getPageCount();
    const finalDoc = await PDFDocument.load(signedPdf.bytes);
    expect(finalDoc.getPageCount()).toBe(sentPages + 2);
    expect(finalDoc.getSubject()).toBe(`sixa-document:${doc.id}`);

    const trail = (await ctx.as(ctx.admin).get(`/documents/${doc.id}/audit-trail`)).body as DocumentAuditTrail;
    expect(trail.events.map((e) => e.event)).toEqual([
      'sent',
      'email_sent',
      'viewed',
      'signed',
      'email_sent',
      'signed',
      'completed',
    ]);
    const anaSigned = trail.events.find((e) => e.event === 'signed')!;
    expect(anaSigned).toMatchObject({ signer_email: 'ana@example.com', user_agent: 'AnaBrowser/1.0' });
    expect(anaSigned.ip).toBeTruthy();

    // Verification: the file as sealed verifies; one altered byte does not; the sent copy is told apart.
    const ok = await ctx
      .as(ctx.employee)
      .post('/documents/verify', { file_content: signedPdf.bytes.toString('base64') });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ verified: true, document_id: doc.id, title: 'Master services agreement' });
    const altered = Buffer.from(signedPdf.bytes);
    // One bit of one byte, in the middle of the file.
    altered[altered.length >> 1] ^= 0x01;
    const bad = await ctx.as(ctx.employee).post('/documents/verify', { file_content: altered.toString('base64') });
    expect(bad.body).toMatchObject({ verified: false });
    expect(bad.body.sha256).not.toBe(final.signature!.signed_sha256);
    const sentCopy = await ctx
      .as(ctx.employee)
      .post('/documents/verify', { file_content: sentPdf.bytes.toString('base64') });
    expect(sentCopy.body).toMatchObject({ verified: false, document_id: doc.id });
    expect(sentCopy.body.detail).toMatch(/sent for signature, not the signed one/);
    const notPdf = await ctx
      .as(ctx.employee)
      .post('/documents/verify', { file_content: Buffer.from('hello').toString('base64') });
    expect(notPdf.status).toBe(400);

    // A signed document is fixed; the links now open the signed copy.
    expect((await ctx.as(ctx.admin).put(`/documents/${doc.id}`, { content: 'changed' })).status).toBe(409);
    const afterwards = await pdfOf(`/documents/signing/${anaLink}/pdf`);
    expect(sha256(afterwards.bytes)).toBe(final.signature!.signed_sha256);
  });

  it('signs once when the same signer submits twice at once, and seals once when the last two sign together', async () => {
    const doc = await activeDocument({ title: 'Raced' });
    await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, {
      signers: [
        { name: 'Fay Race', email: 'fay@example.com' },
        { name: 'Gus Race', email: 'gus@example.com' },
      ],
      signing_order: 'parallel',
    });
    const [fay] = await linksFor('fay@example.com');
    const body = (name: string) => ({ full_name: name, signature_type: 'typed', signature: name, consent: true });
    const twice = await Promise.all([signer(fay).sign(body('Fay Race')), signer(fay).sign(body('Fay Race'))]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);

    const other = await activeDocument({ title: 'Raced to the end' });
    await ctx.as(ctx.admin).post(`/documents/${other.id}/send-for-signature`, {
      signers: [
        { name: 'Hal Race', email: 'hal@example.com' },
        { name: 'Ida Race', email: 'ida@example.com' },
      ],
      signing_order: 'parallel',
    });
    const [hal] = await linksFor('hal@example.com');
    const [ida] = await linksFor('ida@example.com');
    const both = await Promise.all([signer(hal).sign(body('Hal Race')), signer(ida).sign(body('Ida Race'))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // Sealed by whichever finished last, or by the sweep: once either way.
    await ctx.app.get(SignatureSweepService).sweep();
    const sealed = (await ctx.as(ctx.admin).get(`/documents/${other.id}`)).body as Document;
    expect(sealed).toMatchObject({ status: 'signed', docusign_status: 'completed' });
    await recorder.waitFor((e) => e.type === 'document.signed' && e.subject === other.id && e.data.completed);
    await new Promise((r) => setTimeout(r, 1000));
    const completions = recorder.events.filter(
      (e) => e.type === 'document.signed' && e.subject === other.id && e.data.completed === true,
    );
    expect(completions).toHaveLength(1);
    const trail = (await ctx.as(ctx.admin).get(`/documents/${other.id}/audit-trail`)).body as DocumentAuditTrail;
    expect(trail.events.filter((e) => e.event === 'completed')).toHaveLength(1);
    expect(trail.events.filter((e) => e.event === 'signed')).toHaveLength(2);
  });

  it('refuses a tampered link, an expired link, and a link from a withdrawn request', async () => {
    const doc = await activeDocument({ title: 'NDA' });
    await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, { signers: [TWO[0]] });
    const [link] = (await linksFor('ana@example.com')).slice(-1);
    const [body, mac] = link.split('.');
    const tampered = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const t = await signer(tampered).open();
    expect(t.status).toBe(404);
    expect(t.body.detail).toMatch(/not valid/);
    const forged = await signer(
      `${Buffer.from(JSON.stringify([doc.id, 0, 'x', 9999999999])).toString('base64url')}.${mac}`,
    ).open();
    expect(forged.status).toBe(404);

    const stored = (await ctx.app.get(DocumentsRepository).findLiveDoc(doc.id))!;
    const expired = signingLinkToken(
      { documentId: doc.id, signer: 0, nonce: stored.signature!.nonce, expires: Math.floor(Date.now() / 1000) - 60 },
      ctx.config.signingLinkSecret,
    );
    const e = await signer(expired).sign({
      full_name: 'Ana',
      signature_type: 'typed',
      signature: 'Ana',
      consent: true,
    });
    expect(e.status).toBe(409);
    expect(e.body.detail).toMatch(/expired/);
    const wrongSecret = signingLinkToken(
      { documentId: doc.id, signer: 0, nonce: stored.signature!.nonce, expires: Math.floor(Date.now() / 1000) + 600 },
      'another-secret',
    );
    expect((await signer(wrongSecret).open()).status).toBe(404);
  });

  it('lets a signer decline with a reason: the request closes and the document is active again', async () => {
    const doc = await activeDocument({ title: 'Parallel consent' });
    const sent = await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, {
      signers: [
        { name: 'Cara Parallel', email: 'cara@example.com' },
        { name: 'Dan Parallel', email: 'dan@example.com' },
      ],
      signing_order: 'parallel',
    });
    expect(sent.body.signature.signers.map((s: { status: string }) => s.status)).toEqual(['sent', 'sent']);
    const [cara] = await linksFor('cara@example.com');
    const [dan] = await linksFor('dan@example.com');
    expect(
      (await signer(cara).sign({ full_name: 'Cara P', signature_type: 'typed', signature: 'Cara', consent: true }))
        .status,
    ).toBe(200);
    const declined = await signer(dan).decline('The fee is wrong');
    expect(declined.status).toBe(200);
    const now = (await ctx.as(ctx.admin).get(`/documents/${doc.id}`)).body as Document;
    expect(now).toMatchObject({ status: 'active', docusign_status: 'declined' });
    expect(now.signature!.signers[1]).toMatchObject({ status: 'declined', decline_reason: 'The fee is wrong' });
    await recorder.waitFor((e) => e.type === 'document.declined' && e.subject === doc.id);
    const late = await signer(cara).open();
    expect(late.body).toMatchObject({
      can_sign: false,
      reason: 'You signed this document on ' + late.body.reason.slice(28),
    });
  });

  it('reminds signers when asked and expires the request at its deadline (the sweep, on a later clock)', async () => {
    const doc = await activeDocument({ title: 'Reminded' });
    await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, {
      signers: [{ name: 'Eve Slow', email: 'eve@example.com' }],
      send_reminders: true,
      expires_in_days: 3,
    });
    const service = ctx.app.get(SignatureSweepService);
    const in49h = new Date(Date.now() + 49 * 3_600_000);
    const first = await service.sweep(in49h);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    // The same slot swept again sends no second reminder.
    await service.sweep(in49h);
    const mails = (await readdir(outbox)).filter((f) => f.includes(doc.id) && f.includes('remind'));
    expect(mails).toHaveLength(1);

    const in4days = new Date(Date.now() + 4 * 86_400_000);
    expect((await service.sweep(in4days)).expired).toBeGreaterThanOrEqual(1);
    const expired = (await ctx.as(ctx.admin).get(`/documents/${doc.id}`)).body as Document;
    expect(expired).toMatchObject({ status: 'expired', docusign_status: 'voided' });
    await recorder.waitFor((e) => e.type === 'document.expired' && e.subject === doc.id);
    const trail = (await ctx.as(ctx.admin).get(`/documents/${doc.id}/audit-trail`)).body as DocumentAuditTrail;
    expect(trail.events.map((e) => e.event)).toEqual(['sent', 'email_sent', 'reminded', 'expired']);
  });

  it('sends only active documents that require a signature, and only for their owner', async () => {
    const draft = await activeDocument({ status: 'draft' });
    const r1 = await ctx.as(ctx.admin).post(`/documents/${draft.id}/send-for-signature`, { signers: [TWO[0]] });
    expect(r1.status).toBe(409);
    expect(r1.body.detail).toMatch(/Only an active document/);
    const noSig = await activeDocument({ signature_required: false });
    const r2 = await ctx.as(ctx.admin).post(`/documents/${noSig.id}/send-for-signature`, { signers: [TWO[0]] });
    expect(r2.status).toBe(409);
    expect(r2.body.detail).toMatch(/does not require a signature/);
    const doc = await activeDocument();
    expect((await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, { signers: [] })).status).toBe(400);
    const dup = await ctx.as(ctx.admin).post(`/documents/${doc.id}/send-for-signature`, {
      signers: [TWO[0], { ...TWO[1], email: 'ana@example.com' }],
    });
    expect(dup.status).toBe(400);
    // Someone else's private document is not found at all.
    const other = await newStaff(ctx);
    const r3 = await ctx.as(other.token).post(`/documents/${doc.id}/send-for-signature`, { signers: [TWO[0]] });
    expect(r3.status).toBe(404);
    expect((await ctx.as(other.token).get(`/documents/${doc.id}/audit-trail`)).status).toBe(404);
  });
});
