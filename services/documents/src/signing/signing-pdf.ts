import { createHash } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** The signature and audit pages: A4 in points, with the printed pages' 16 mm side margins (documentPageHtml's @page). */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = (16 * 72) / 25.4;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.45, 0.5);

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The PDF's subject names its document, so a copy can be told apart even when altered. */
export const PDF_SUBJECT_PREFIX = 'sixa-document:';

/** Writes text into pages, wrapping to the width and adding pages as they fill. */
class Writer {
  page!: PDFPage;
  y = 0;
  private readonly charset: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  /** Characters the standard fonts cannot encode are shown as '?' rather than failing the PDF. */
  clean(text: string): string {
    return [...text.replace(/\t/g, '    ')]
      .map((c) => (this.charset.has(c.codePointAt(0)!) || c === ' ' || c === '\n' ? c : '?'))
      .join('');
  }

  newPage(): void {
    this.page = this.pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    this.page.drawText(this.clean(this.footer), { x: MARGIN, y: 28, size: 8, font: this.font, color: MUTED });
  }

  need(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  lines(text: string, size: number, font: PDFFont): string[] {
    const width = PAGE[0] - 2 * MARGIN;
    const out: string[] = [];
    for (const para of this.clean(text).split('\n')) {
      let line = '';
      for (const word of para.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) {
          line = next;
          continue;
        }
        if (line) out.push(line);
        // A word wider than the line is cut where it must be.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          out.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      out.push(line);
    }
    return out;
  }

  text(text: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    const size = opts.size ?? 10.5;
    const font = opts.bold ? this.bold : this.font;
    for (const line of this.lines(text, size, font)) {
      this.need(size * 1.45);
      this.y -= size * 1.45;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: opts.color ?? INK });
    }
    this.y -= opts.gap ?? 0;
  }
}

export interface DocumentForPdf {
  id: string;
  title: string;
  content: string;
  version: number;
}

/**
 * The document as sent for signature, from the PDF the converter printed of its page (the Content
 * tab's page, documentPageHtml): named in its metadata (the subject carries its id, for verify), and
 * each page footed with the document's id, its version and the page number.
 */
export async function finishDocumentPdf(printed: Uint8Array, doc: DocumentForPdf, at: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(printed, { updateMetadata: false });
  pdf.setTitle(doc.title);
  pdf.setSubject(`${PDF_SUBJECT_PREFIX}${doc.id}`);
  pdf.setProducer('SIXA Document Center');
  pdf.setCreator('SIXA Document Center');
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  pages.forEach((page, i) => {
    const line = `Document ${doc.id} · version ${doc.version} · page ${i + 1} of ${pages.length}`;
    // Under the content's left edge (its 16 mm margin), in the 20 mm kept free at the foot.
    const { x, y } = page.getMediaBox();
    page.drawText(line, { x: x + MARGIN, y: y + 28, size: 8, font, color: MUTED });
  });
  return pdf.save({ useObjectStreams: false });
}

export interface SignatureForPdf {
  name: string;
  email: string;
  role: string;
  full_name: string;
  signature_type: 'typed' | 'drawn';
  signature: string;
  signed_at: Date;
  ip: string | null;
}

export interface AuditLineForPdf {
  at: Date;
  event: string;
  signer_name: string | null;
  signer_email: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

/** The PNG inside a drawn signature's data URL, or null when it is not one. */
export function pngOf(dataUrl: string): Buffer | null {
  const m = PNG_DATA_URL.exec(dataUrl);
  if (!m) return null;
  const bytes = Buffer.from(m[1], 'base64');
  return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ? bytes : null;
}

/**
 * The final PDF: the pages as sent, a signature page (each signature, drawn or typed, with who and
 * when), then the audit page (every event, and the SHA-256 of the document as sent and as signed,
 * that is of the sent pages plus the signature page). Dated at completion so that the same inputs
 * give the same bytes.
 */
export async function renderSignedPdf(
  sentPdf: Uint8Array,
  doc: DocumentForPdf,
  signatures: SignatureForPdf[],
  audit: AuditLineForPdf[],
  completedAt: Date,
): Promise<{ bytes: Uint8Array; signedPagesSha256: string }> {
  const pdf = await PDFDocument.load(sentPdf, { updateMetadata: false });
  pdf.setModificationDate(completedAt);
  pdf.setCreationDate(completedAt);
  pdf.setKeywords(['signed', doc.id]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const footer = `${doc.title} · document ${doc.id} · signed ${completedAt.toISOString()}`;

  const w = new Writer(pdf, font, bold, footer);
  w.text('Signatures', { size: 16, bold: true, gap: 8 });
  for (const s of signatures) {
    w.need(120);
    w.text(`${s.full_name} (${s.role})`, { bold: true });
    w.text(`${s.email} · signed ${s.signed_at.toISOString()}${s.ip ? ` · from ${s.ip}` : ''}`, {
      size: 9,
      color: MUTED,
    });
    const png = s.signature_type === 'drawn' ? pngOf(s.signature) : null;
    if (png) {
      const image = await pdf.embedPng(png);
      const scale = Math.min(220 / image.width, 70 / image.height, 1);
      w.y -= image.height * scale + 6;
      w.page.drawImage(image, { x: MARGIN, y: w.y, width: image.width * scale, height: image.height * scale });
    } else {
      w.y -= 34;
      w.page.drawText(w.clean(s.signature).slice(0, 80), { x: MARGIN, y: w.y, size: 24, font: script, color: INK });
    }
    w.y -= 8;
    w.page.drawLine({
      start: { x: MARGIN, y: w.y },
      end: { x: MARGIN + 240, y: w.y },
      thickness: 0.6,
      color: MUTED,
    });
    w.y -= 18;
  }
  const signedPages = await pdf.save({ useObjectStreams: false });
  const signedPagesSha256 = sha256(signedPages);

  w.newPage();
  w.text('Audit trail', { size: 16, bold: true, gap: 6 });
  w.text(`Document: ${doc.title} (${doc.id}), version ${doc.version}`, { size: 9.5 });
  w.text(`SHA-256 of the document as sent: ${sha256(sentPdf)}`, { size: 9.5 });
  w.text(`SHA-256 of the document as signed (all pages before this audit trail): ${signedPagesSha256}`, {
    size: 9.5,
  });
  w.text(
    'The SHA-256 of this whole file is kept by the service: POST /documents/verify tells whether a copy is unaltered.',
    { size: 9, color: MUTED, gap: 10 },
  );
  for (const e of audit) {
    const who = e.signer_name ? `${e.signer_name} <${e.signer_email}>` : (e.signer_email ?? 'system');
    w.text(`${e.at.toISOString()}  ${e.event.toUpperCase()}  ${who}`, { size: 9.5, bold: true });
    const where = [e.ip ? `IP ${e.ip}` : '', e.user_agent ? `user agent: ${e.user_agent}` : ''].filter(Boolean);
    w.text([e.detail, ...where].filter(Boolean).join(' · '), { size: 8.5, color: MUTED, gap: 4 });
  }
  return { bytes: await pdf.save({ useObjectStreams: false }), signedPagesSha256 };
}

/** The document id a PDF names in its subject (any PDF pdf-lib can read), or null. */
export async function documentIdOf(bytes: Uint8Array): Promise<string | null> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
    const subject = pdf.getSubject();
    return subject?.startsWith(PDF_SUBJECT_PREFIX) ? subject.slice(PDF_SUBJECT_PREFIX.length) : null;
  } catch {
    return null;
  }
}
