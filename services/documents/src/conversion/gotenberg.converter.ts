import type { ConvertSourceFormat } from '@sixa/contracts';
import { a4, adjust, convert, gotenberg, html, office, please, pipe, to } from 'gotenberg-js-client';
import { ConversionError, ConversionErrorCode } from './conversion.errors';
import { abortion, ConversionAborted, Converter } from './converter';
import { megabytes, type SourceFile } from './source-file';

/** Gotenberg 8's routes (the client library still builds Gotenberg 6's `/convert/...` paths, so they are set here). */
const CHROMIUM_HTML = '/forms/chromium/convert/html';
const LIBREOFFICE = '/forms/libreoffice/convert';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Converts with Gotenberg 8 (GOTENBERG_URL), through gotenberg-js-client: html with its Chromium,
 * docx, xlsx and txt with its LibreOffice. Gotenberg runs with no way out of its network (the
 * deployment's NetworkPolicy, a compose network without egress) and with Chromium restricted to its
 * own staged files and JavaScript off (its flags in docker-compose.yml and k8s), so nothing a file
 * links to is fetched.
 */
export class GotenbergConverter extends Converter {
  constructor(
    private readonly baseUrl: string,
    private readonly maxOutputBytes: number,
  ) {
    super();
  }

  async describe(): Promise<string> {
    return `Gotenberg at ${this.baseUrl} (html: its Chromium; docx, xlsx, txt: its LibreOffice)`;
  }

  async unavailable(_format: ConvertSourceFormat): Promise<string | null> {
    return null;
  }

  async convert(file: SourceFile, signal: AbortSignal): Promise<Buffer> {
    const stopped = abortion(signal);
    try {
      return await Promise.race([stopped.promise, this.post(file, signal)]);
    } catch (e) {
      if (signal.aborted) throw new ConversionAborted();
      throw this.explain(e, file.format);
    } finally {
      stopped.dispose();
    }
  }

  private async post(file: SourceFile, signal: AbortSignal): Promise<Buffer> {
    // The options object goes to http.request: aborting the signal drops the request and its response.
    const client = gotenberg(this.baseUrl, { signal });
    const response =
      file.format === 'html'
        ? await pipe(
            client,
            convert,
            html,
            to(a4),
            adjust({ url: `${this.baseUrl}${CHROMIUM_HTML}` }),
            please,
          )({
            // A byte order mark makes Chromium read the file as UTF-8 whatever its <meta> says.
            'index.html': hasBom(file.bytes) ? file.bytes : Buffer.concat([UTF8_BOM, file.bytes]),
          })
        : await pipe(
            client,
            convert,
            office,
            adjust({ url: `${this.baseUrl}${LIBREOFFICE}` }),
            please,
          )({ [`document.${file.format}`]: file.bytes });
    return this.readPdf(response);
  }

  private async readPdf(stream: NodeJS.ReadableStream): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > this.maxOutputBytes) {
        throw new ConversionError(
          ConversionErrorCode.FileTooLarge,
          `The PDF would be more than the ${megabytes(this.maxOutputBytes)} this server returns`,
        );
      }
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  }

  /** The client rejects with `<status> <reason>` for an answer, or the socket's error. */
  private explain(e: unknown, format: ConvertSourceFormat): unknown {
    if (e instanceof ConversionError) return e;
    const message = e instanceof Error ? e.message : String(e);
    const status = Number(/^(\d{3}) /.exec(message)?.[1] ?? 0);
    if (status === 400) {
      return new ConversionError(
        ConversionErrorCode.NotConvertible,
        `Gotenberg could not convert this ${format} file (is it damaged?)`,
      );
    }
    if (status === 503 || status === 429) {
      return new ConversionError(
        ConversionErrorCode.ConverterBusy,
        'The conversion service is busy; try again shortly',
        5,
      );
    }
    if (status === 504) return new ConversionError(ConversionErrorCode.TimedOut, 'The conversion took too long');
    const code = (e as { code?: string }).code ?? '';
    if (!status && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|EPIPE)$/.test(code)) {
      return new ConversionError(
        ConversionErrorCode.ConverterUnreachable,
        'The conversion service (Gotenberg) did not answer; try again shortly',
        10,
      );
    }
    return e;
  }
}

function hasBom(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}
