import { http } from '@sixa/testing';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDocumentsService } from '../src/app.module';
import {
  base64,
  docxLinkingPicture,
  docxWith,
  htmlFetchingFrom,
  longText,
  pdfText,
  tripwire,
  xlsxWith,
} from './conversion-factories';
import { documentsTestConfig, startDocuments, type DocumentsContext } from './factories';

/** The processes whose command line names `path` (LibreOffice's carry their job folder's profile). */
function processesUsing(path: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path)) pids.push(Number(pid));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** POST /documents/convert with the machine's own LibreOffice and Chromium, through the gateway. */
describe('POST /documents/convert', () => {
  let ctx: DocumentsContext;
  const tmpRoot = mkdtempSync(join(tmpdir(), 'sixa-convert-test-'));

  beforeAll(async () => {
    ctx = await startDocuments({ convertTmpDir: tmpRoot, convertConcurrency: 2, convertQueueMax: 8 });
  });
  afterAll(async () => {
    const t = Date.now();
    await ctx?.stop();
    process.stderr.write(`stopped in ${Date.now() - t} ms\n`);
    rmSync(tmpRoot, { recursive: true, force: true });
  });

  const convert = (body: Record<string, unknown>, token = ctx.employee) =>
    ctx.as(token).post('/documents/convert', { target_format: 'pdf', document_title: 'Test', ...body });

  async function convertedText(body: Record<string, unknown>): Promise<string> {
    const res = await convert(body);
    expect(res.body).toEqual({ converted_content: expect.any(String), target_format: 'pdf' });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(res.body.converted_content as string, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return (await pdfText(pdf)).replace(/\s+/g, ' ');
  }

  it('converts a Word document to a PDF with its text', async () => {
    const docx = await docxWith('Quarterly Report', 'Revenue grew by 12 percent in the third quarter.');
    const text = await convertedText({ file_content: base64(docx), source_format: 'docx' });
    expect(text).toContain('Quarterly Report');
    expect(text).toContain('Revenue grew by 12 percent in the third quarter.');
  });

  it('converts an Excel workbook to a PDF with its cells', async () => {
    const xlsx = await xlsxWith([
      ['Customer', 'Amount'],
      ['Kumquat', 4217],
    ]);
    const text = await convertedText({ file_content: base64(xlsx), source_format: 'xlsx' });
    expect(text).toMatch(/Customer Amount/);
    expect(text).toMatch(/Kumquat 4217/);
  });

  it('converts html and UTF-8 text (accents, euro sign)', async () => {
    const html = '<!doctype html><html><body><h1>Angebot für Müller</h1><p>Summe: 1.200 €</p></body></html>';
    const fromHtml = await convertedText({ file_content: base64(html), source_format: 'html' });
    expect(fromHtml).toContain('Angebot für Müller');
    expect(fromHtml).toContain('Summe: 1.200 €');
    const fromText = await convertedText({
      file_content: base64('Grüße aus Köln\nZweite Zeile: 5 €\n'),
      source_format: 'txt',
    });
    expect(fromText).toContain('Grüße aus Köln');
    expect(fromText).toContain('Zweite Zeile: 5 €');
  });

  it('fetches nothing an HTML file points at (stylesheets, images, frames, scripts, fonts, refreshes)', async () => {
    const server = await tripwire();
    try {
      const text = await convertedText({
        file_content: base64(htmlFetchingFrom(server.origin, 'Rendered without the network')),
        source_format: 'html',
      });
      expect(text).toContain('Rendered without the network');
      await new Promise((r) => setTimeout(r, 300));
      expect(server.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('fetches no picture a Word document links to (LibreOffice runs without a network)', async () => {
    const server = await tripwire();
    try {
      const docx = docxLinkingPicture('Linked picture inside', `${server.origin}/linked.png`);
      const res = await convert({ file_content: base64(docx), source_format: 'docx' });
      // Converted without the picture where the server may keep LibreOffice off the network; refused otherwise.
      if (res.status === 200) {
        expect(await pdfText(Buffer.from(res.body.converted_content as string, 'base64'))).toContain(
          'Linked picture inside',
        );
      } else {
        expect(res.status).toBe(400);
        expect(res.body.detail).toMatch(/links to content outside it \(a linked image\)/);
      }
      expect(server.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses bad base64 and files that are not what their format says (400)', async () => {
    const bad = await convert({ file_content: 'this is not base64!', source_format: 'txt' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/file_content is not valid base64/);

    const notZip = await convert({ file_content: base64('plain words, no zip'), source_format: 'docx' });
    expect(notZip.status).toBe(400);
    expect(notZip.body.detail).toBe(
      'The file is not a docx document: a .docx file is a zip package, and this is not one',
    );

    const workbookAsDocx = await convert({
      file_content: base64(await xlsxWith([['a']])),
      source_format: 'docx',
    });
    expect(workbookAsDocx.status).toBe(400);
    expect(workbookAsDocx.body.detail).toMatch(/zip package but not a docx document: it has no word\/document\.xml/);

    const binaryHtml = await convert({
      file_content: base64(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff])),
      source_format: 'html',
    });
    expect(binaryHtml.status).toBe(400);
    expect(binaryHtml.body.detail).toMatch(/not an HTML file/);

    const pptx = await convert({ file_content: base64('x'), source_format: 'pptx' });
    expect(pptx.status).toBe(400);
    expect(pptx.body.detail).toMatch(/source format must be one of: docx, xlsx, html, txt/);
  });

  it('takes a file of the largest size through the gateway, and refuses a larger one (413)', async () => {
    const limit = ctx.config.convertMaxBytes;
    // At the limit: past the gateway's and the service's body limits, to the format check.
    const atLimit = await convert({ file_content: base64(Buffer.alloc(limit, 'a')), source_format: 'docx' });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.detail).toMatch(/not a docx document/);

    const over = await convert({
      file_content: base64(Buffer.alloc(limit + 200 * 1024, 'a')),
      source_format: 'txt',
    });
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('The file is 10.2 MB; the largest file that can be converted is 10 MB');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.as().post('/documents/convert', { file_content: base64('x'), source_format: 'txt' });
    expect(res.status).toBe(401);
  });

  it('queues requests beyond the concurrency: all of them succeed', async () => {
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        convert({ file_content: base64(`Queued file number ${i + 1}`), source_format: 'txt' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const texts = await Promise.all(
      results.map(async (r) =>
        (await pdfText(Buffer.from(r.body.converted_content as string, 'base64'))).replace(/\s+/g, ' '),
      ),
    );
    texts.forEach((text, i) => expect(text).toContain(`Queued file number ${i + 1}`));
    process.stderr.write(`5 txt conversions, 2 at a time: ${Date.now() - started} ms\n`);
    // Every conversion's folder (its LibreOffice profile included) is gone.
    expect(readdirSync(tmpRoot)).toEqual([]);
  });

  describe('with a short time limit, one slot and a queue of one', () => {
    let slow: Awaited<ReturnType<typeof startDocumentsService>>;
    const slowRoot = mkdtempSync(join(tmpdir(), 'sixa-convert-slow-'));
    const timeoutMs = 2000;

    beforeAll(async () => {
      slow = await startDocumentsService(
        documentsTestConfig(ctx.auth.url, {
          convertTimeoutMs: timeoutMs,
          convertConcurrency: 1,
          convertQueueMax: 1,
          convertTmpDir: slowRoot,
          chromiumPath: join(slowRoot, 'no-chromium-here'),
        }),
      );
    });
    afterAll(async () => {
      await slow?.app.close();
      rmSync(slowRoot, { recursive: true, force: true });
    });

    const post = (body: Record<string, unknown>) =>
      http(slow.url, 'POST', '/documents/convert', { token: ctx.employee, body: { target_format: 'pdf', ...body } });

    it('stops a conversion that runs past the limit (504), kills LibreOffice, and refuses beyond the queue (503)', async () => {
      // About 60 000 lines: LibreOffice takes several times the limit to lay them out.
      const big = { file_content: base64(longText(60_000)), source_format: 'txt' };
      const started = Date.now();
      const running = post(big).then((r) => ({ ...r, ms: Date.now() - started }));
      await new Promise((r) => setTimeout(r, 300));
      const queued = post(big).then((r) => ({ ...r, ms: Date.now() - started }));
      await new Promise((r) => setTimeout(r, 300));
      const refused = await post(big);
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toBe('Too many conversions are running; try again shortly');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

      const first = await running;
      expect(first.status).toBe(504);
      expect(first.body.detail).toMatch(/took longer than 2 s and was stopped/);
      // Answered at the limit, not when LibreOffice would have finished; the margin is for a loaded
      // 2-core machine, where the request and the kill take seconds too (6.5 s seen at load 19).
      expect(first.ms).toBeLessThan(timeoutMs + 6000);
      const second = await queued;
      expect(second.status).toBe(504);
      process.stderr.write(`timed out after ${first.ms} ms, the queued one after ${second.ms} ms\n`);

      await new Promise((r) => setTimeout(r, 200));
      expect(processesUsing(slowRoot)).toEqual([]);
      expect(readdirSync(slowRoot).filter((n) => n.startsWith('job-'))).toEqual([]);
    });

    it('stops the conversion of a caller that hangs up, before its time runs out', async () => {
      // How many conversions ended because their caller left (not by the time limit): from /metrics.
      const dropped = async () => {
        const text = await (await fetch(`${slow.url}/metrics`)).text();
        return Number(/document_conversions_total\{format="txt",outcome="dropped"\} (\d+)/.exec(text)?.[1] ?? 0);
      };
      const droppedBefore = await dropped();
      const hangUp = new AbortController();
      const request = fetch(`${slow.url}/documents/convert`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.employee}`, 'content-type': 'application/json' },
        body: JSON.stringify({ file_content: base64(longText(60_000)), source_format: 'txt' }),
        signal: hangUp.signal,
      }).catch((e: Error) => e.name);
      // On a loaded machine the converter may take a while to start: wait for it, then hang up at once.
      const waitUntil = Date.now() + 30_000;
      while (processesUsing(slowRoot).length === 0 && Date.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(processesUsing(slowRoot).length).toBeGreaterThan(0);
      hangUp.abort();
      expect(await request).toBe('AbortError');
      while ((processesUsing(slowRoot).length > 0 || (await dropped()) === droppedBefore) && Date.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // Stopped because the caller left, not by the time limit (that one counts as timed_out).
      expect(processesUsing(slowRoot)).toEqual([]);
      expect((await dropped()) - droppedBefore).toBe(1);
    });

    it('says which tool is missing and how to install it (503)', async () => {
      const res = await post({ file_content: base64('<p>hi</p>'), source_format: 'html' });
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(
        /needs Chromium, which is not installed on the server: install it \(apt-get install/,
      );
    });
  });
});
