import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConversionError } from './conversion.errors';
import { ConversionAborted } from './converter';
import { GotenbergConverter } from './gotenberg.converter';
import type { SourceFile } from './source-file';

/**
 * Against a stand-in for Gotenberg 8 that records what it is sent (no Gotenberg image runs on this
 * machine): the routes, form files and answers the converter relies on.
 */
describe(GotenbergConverter.name, () => {
  let server: Server;
  let base: string;
  let received: Array<{ url: string; body: string }>;
  let answer: (req: IncomingMessage, res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
        answer(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    received = [];
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 stand-in');
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const file = (format: SourceFile['format'], text: string): SourceFile => ({
    format,
    bytes: Buffer.from(text),
    zip: null,
  });

  it("sends html to Chromium's route as index.html, read as UTF-8", async () => {
    const pdf = await new GotenbergConverter(base, 1e6).convert(
      file('html', '<p>Grüße</p>'),
      new AbortController().signal,
    );
    expect(pdf.toString()).toBe('%PDF-1.7 stand-in');
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe('/forms/chromium/convert/html');
    expect(received[0].body).toContain('filename="index.html"');
    expect(received[0].body).toContain(`\xef\xbb\xbf${Buffer.from('<p>Grüße</p>').toString('latin1')}`);
  });

  it("sends docx, xlsx and txt to LibreOffice's route under their extension", async () => {
    for (const format of ['docx', 'xlsx', 'txt'] as const) {
      await new GotenbergConverter(base, 1e6).convert(file(format, 'x'), new AbortController().signal);
    }
    expect(received.map((r) => r.url)).toEqual(Array(3).fill('/forms/libreoffice/convert'));
    expect(received.map((r) => /filename="([^"]+)"/.exec(r.body)?.[1])).toEqual([
      'document.docx',
      'document.xlsx',
      'document.txt',
    ]);
  });

  it('says a file Gotenberg refuses is not convertible (400), and a busy Gotenberg is busy (503)', async () => {
    answer = (_req, res) => res.writeHead(400).end('LibreOffice failed to process a document');
    await expect(
      new GotenbergConverter(base, 1e6).convert(file('docx', 'x'), new AbortController().signal),
    ).rejects.toMatchObject({ kind: 'invalid', detail: expect.stringMatching(/could not convert this docx/) });
    answer = (_req, res) => res.writeHead(503).end('busy');
    const busy = await new GotenbergConverter(base, 1e6)
      .convert(file('txt', 'x'), new AbortController().signal)
      .catch((e: ConversionError) => e);
    expect(busy).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 5 });
  });

  it('says so when Gotenberg does not answer at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      new GotenbergConverter(`http://127.0.0.1:${port}`, 1e6).convert(file('txt', 'x'), new AbortController().signal),
    ).rejects.toMatchObject({ kind: 'unavailable', detail: expect.stringMatching(/did not answer/) });
  });

  it('drops the request when the time runs out', async () => {
    let dropped = false;
    answer = (req) => req.socket.once('close', () => (dropped = true));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(
      new GotenbergConverter(base, 1e6).convert(file('html', '<p/>'), controller.signal),
    ).rejects.toBeInstanceOf(ConversionAborted);
    await new Promise((r) => setTimeout(r, 100));
    expect(dropped).toBe(true);
  });

  it('refuses a PDF larger than the largest it returns', async () => {
    answer = (_req, res) => res.writeHead(200).end(Buffer.alloc(2000, 'x'));
    await expect(
      new GotenbergConverter(base, 1000).convert(file('txt', 'x'), new AbortController().signal),
    ).rejects.toMatchObject({ kind: 'too_large' });
  });
});
