import { zipSync } from 'fflate';
import { ConversionError } from './conversion.errors';
import { readSourceFile } from './source-file';

const b64 = (bytes: Buffer | Uint8Array | string) => Buffer.from(bytes).toString('base64');
const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));

function refusal(run: () => unknown): ConversionError {
  try {
    run();
  } catch (e) {
    if (e instanceof ConversionError) return e;
    throw e;
  }
  throw new Error('expected a ConversionError');
}

describe(readSourceFile.name, () => {
  it('reads a docx package that has its main part', () => {
    const file = readSourceFile(
      b64(zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' })),
      'docx',
      1e6,
    );
    expect(file.zip?.has('word/document.xml')).toBe(true);
  });

  it('refuses a "docx" that is no zip, and a zip that is no workbook', () => {
    expect(refusal(() => readSourceFile(b64('just text'), 'docx', 1e6))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringMatching(/not a docx document: a \.docx file is a zip package/),
    });
    const docx = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' });
    expect(refusal(() => readSourceFile(b64(docx), 'xlsx', 1e6)).detail).toMatch(/has no xl\/workbook\.xml/);
  });

  it('refuses what is not base64, and takes a data: URL', () => {
    expect(refusal(() => readSourceFile('not base64!', 'txt', 1e6))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringMatching(/not valid base64/),
    });
    expect(refusal(() => readSourceFile('abcde', 'txt', 1e6)).detail).toMatch(/not valid base64/);
    expect(readSourceFile(`data:text/plain;base64,${b64('hello')}`, 'txt', 1e6).bytes.toString()).toBe('hello');
    expect(readSourceFile(`${b64('hello world')}`.replace(/(.{4})/g, '$1\n'), 'txt', 1e6).bytes.toString()).toBe(
      'hello world',
    );
  });

  it('measures the size before decoding: one byte over the limit is too large', () => {
    expect(readSourceFile(b64(Buffer.alloc(3000, 'a')), 'txt', 3000).bytes.length).toBe(3000);
    expect(refusal(() => readSourceFile(b64(Buffer.alloc(3001, 'a')), 'txt', 3000))).toMatchObject({
      kind: 'too_large',
    });
  });

  it('takes UTF-8 text and refuses binary, UTF-16 and empty files', () => {
    expect(readSourceFile(b64('Grüße, 10 €'), 'html', 1e6).bytes.toString('utf8')).toBe('Grüße, 10 €');
    expect(
      refusal(() => readSourceFile(b64(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00])), 'html', 1e6)).detail,
    ).toMatch(/not an HTML file: it is not UTF-8/);
    expect(refusal(() => readSourceFile(b64('a\u0000b'), 'txt', 1e6)).detail).toMatch(/binary data/);
    expect(refusal(() => readSourceFile(b64(Buffer.from('\ufeffhi', 'utf16le')), 'txt', 1e6)).detail).toMatch(/UTF-16/);
    expect(refusal(() => readSourceFile('', 'txt', 1e6)).detail).toMatch(/empty/);
  });
});
