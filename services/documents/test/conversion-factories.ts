import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import { Workbook } from 'exceljs';
import { zipSync } from 'fflate';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test files for POST /documents/convert, made with the libraries people make them with. */

export const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

export async function docxWith(...lines: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: lines.map(
          (line, i) =>
            new Paragraph({
              alignment: i === 0 ? AlignmentType.CENTER : AlignmentType.LEFT,
              children: [new TextRun({ text: line, bold: i === 0 })],
            }),
        ),
      },
    ],
  });
  return Packer.toBuffer(doc);
}

export async function xlsxWith(rows: Array<Array<string | number>>, sheet = 'Invoices'): Promise<Buffer> {
  const workbook = new Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  rows.forEach((row) => worksheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A minimal docx whose only picture is linked, not embedded (`TargetMode="External"`): LibreOffice
 * loads such a picture from its URL when it opens the file.
 */
export function docxLinkingPicture(text: string, pictureUrl: string): Buffer {
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const r = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${r}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="${r}/image" Target="${pictureUrl}" TargetMode="External"/></Relationships>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${w}" xmlns:r="${r}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rId9"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p></w:body></w:document>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));
}

/** An HTML page that points at `origin` in every way a page can make a browser fetch something. */
export function htmlFetchingFrom(origin: string, text: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${text}</title>
<meta http-equiv="refresh" content="0;url=${origin}/refresh">
<link rel="stylesheet" href="${origin}/style.css">
<link rel="preconnect" href="${origin}"><link rel="prefetch" href="${origin}/prefetch">
<link rel="preload" as="image" href="${origin}/preload.png"><link rel="icon" href="${origin}/favicon.ico">
<style>@import url("${origin}/import.css"); body { background: url("${origin}/background.png") }
@font-face { font-family: Remote; src: url("${origin}/font.woff2") } h1 { font-family: Remote, sans-serif }</style>
<script src="${origin}/script.js"></script>
<script>fetch("${origin}/fetch"); new Image().src = "${origin}/script-image.png";</script>
</head><body>
<h1>${text}</h1>
<img src="${origin}/image.png" alt=""><img srcset="${origin}/srcset.png 2x" alt="">
<iframe src="${origin}/frame.html"></iframe><iframe srcdoc="<img src='${origin}/srcdoc.png'>"></iframe>
<object data="${origin}/object.pdf"></object><embed src="${origin}/embed.swf">
<video poster="${origin}/poster.png" src="${origin}/video.mp4" autoplay></video><audio src="${origin}/audio.mp3" autoplay></audio>
<svg width="10" height="10"><image href="${origin}/svg.png" width="10" height="10"/></svg>
<a ping="${origin}/ping" href="${origin}/link">a link</a>
<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" alt="inline">
</body></html>`;
}

/** A plain text file of `lines` numbered lines (LibreOffice lays out about 50 a page). */
export function longText(lines: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++)
    out.push(`Line ${i} of a long plain text file that takes a while to lay out and print.`);
  return out.join('\n');
}

/**
 * The text of a PDF, read with pdf.js (pdfjs-dist, its legacy build for Node). pdf.js ships as ES
 * modules only, which jest's CommonJS runtime cannot import: it runs in a node process of its own.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  const script = `
    import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += content.items.map((item) => item.str ?? '').join(' ') + '\\n';
    }
    process.stdout.write(JSON.stringify({ pages: doc.numPages, text }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: __dirname,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve((JSON.parse(out) as { text: string }).text) : reject(new Error(`pdf.js failed: ${err}`)),
    );
    child.stdin.end(pdf);
  });
}

/** A server that records every connection and request made to it (nothing may reach it). */
export async function tripwire() {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  server.on('connection', () => seen.push('connection'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
