import type { ConvertSourceFormat } from '@sixa/contracts';
import { ConversionError, ConversionErrorCode } from './conversion.errors';
import { ZipDirectory } from './zip-directory';

/** A file to convert, checked: its bytes are what its format says. */
export interface SourceFile {
  format: ConvertSourceFormat;
  bytes: Buffer;
  /** For docx and xlsx: the package's table of contents. */
  zip: ZipDirectory | null;
}

/** The parts without which a package is not a document of that kind (ECMA-376 part 1, the default part names). */
const REQUIRED_PARTS: Record<'docx' | 'xlsx', string[]> = {
  docx: ['[Content_Types].xml', 'word/document.xml'],
  xlsx: ['[Content_Types].xml', 'xl/workbook.xml'],
};

const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * Decodes file_content (plain base64, or a `data:...;base64,` URL as browsers make them) and checks
 * that the bytes are a `format` file, before any converter sees them: the size first (from the
 * base64 length, before decoding), then the encoding, then the content.
 */
export function readSourceFile(fileContent: string, format: ConvertSourceFormat, maxBytes: number): SourceFile {
  const base64 = fileContent.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const size = Math.floor((base64.length * 3) / 4) - padding;
  if (size > maxBytes) {
    throw new ConversionError(
      ConversionErrorCode.FileTooLarge,
      `The file is ${megabytes(size)}; the largest file that can be converted is ${megabytes(maxBytes)}`,
    );
  }
  if (!BASE64.test(base64) || base64.length % 4 === 1 || (padding > 0 && base64.length % 4 !== 0)) {
    throw new ConversionError(
      ConversionErrorCode.NotBase64,
      'file_content is not valid base64 (standard alphabet A-Z, a-z, 0-9, + and /, with = padding)',
    );
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new ConversionError(ConversionErrorCode.WrongFormat, 'The file is empty');

  if (format === 'docx' || format === 'xlsx') return { format, bytes, zip: readPackage(bytes, format) };
  checkText(bytes, format);
  return { format, bytes, zip: null };
}

function readPackage(bytes: Buffer, format: 'docx' | 'xlsx'): ZipDirectory {
  const zip = ZipDirectory.read(bytes);
  if (!zip) {
    throw new ConversionError(
      ConversionErrorCode.WrongFormat,
      `The file is not a ${format} document: a .${format} file is a zip package, and this is not one`,
    );
  }
  const missing = REQUIRED_PARTS[format].filter((part) => !zip.has(part));
  if (missing.length > 0) {
    throw new ConversionError(
      ConversionErrorCode.WrongFormat,
      `The file is a zip package but not a ${format} document: it has no ${missing.join(' and no ')}`,
    );
  }
  return zip;
}

function checkText(bytes: Buffer, format: 'html' | 'txt') {
  const what = format === 'html' ? 'an HTML file' : 'a text file';
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ConversionError(
      ConversionErrorCode.WrongFormat,
      `The file is UTF-16 text; ${what} must be UTF-8: save it as UTF-8 and try again`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ConversionError(ConversionErrorCode.WrongFormat, `The file is not ${what}: it is not UTF-8 text`);
  }
  if (text.includes('\u0000')) {
    throw new ConversionError(ConversionErrorCode.WrongFormat, `The file is not ${what}: it contains binary data`);
  }
}
