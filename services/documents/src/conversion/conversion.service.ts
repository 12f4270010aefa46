import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { ConversionResult, ConvertDocumentDto } from '@sixa/contracts';
import { Counter, createLogger, registry } from '@sixa/observability';
import { DocumentsConfigRef } from '../config.provider';
import { ConversionError, ConversionErrorCode } from './conversion.errors';
import { ConversionQueue, LeftQueue, QueueFull } from './conversion-queue';
import { ConversionAborted, Converter } from './converter';
import { LocalConverter } from './local.converter';
import { megabytes, readSourceFile, type SourceFile } from './source-file';

const conversions = new Counter({
  name: 'document_conversions_total',
  help: 'Conversions to PDF by source format and outcome (ok, refused, busy, timed_out, dropped, failed)',
  labelNames: ['format', 'outcome'] as const,
  registers: [registry],
});

/**
 * POST /documents/convert: a file (base64) in, its PDF (base64) out. The file is checked before any
 * converter sees it (size: 413, encoding and content: 400); conversions run a few at a time, the
 * others wait in a bounded queue (full: 503 with Retry-After); one that runs past its time is
 * stopped, its processes killed (504).
 */
@Injectable()
export class ConversionService implements OnModuleInit {
  private readonly logger = createLogger('documents:conversion');
  private readonly queue: ConversionQueue;

  constructor(
    private readonly config: DocumentsConfigRef,
    private readonly converter: Converter,
  ) {
    this.queue = new ConversionQueue(config.value.convertConcurrency, config.value.convertQueueMax);
  }

  async onModuleInit() {
    if (this.converter instanceof LocalConverter) {
      await this.converter.sweepLeftovers(Math.max(60 * 60_000, 10 * this.config.value.convertTimeoutMs));
    }
    this.logger.info({ converter: await this.converter.describe() }, 'document conversion');
  }

  /** `hangUp` aborts when the caller closes the connection: a waiting conversion leaves the queue, a running one is stopped. */
  async convert(actor: AuthUser, dto: ConvertDocumentDto, hangUp?: AbortSignal): Promise<ConversionResult> {
    const { convertMaxBytes } = this.config.value;
    let file: SourceFile;
    try {
      file = readSourceFile(dto.file_content, dto.source_format, convertMaxBytes);
    } catch (e) {
      conversions.inc({ format: dto.source_format, outcome: 'refused' });
      throw e;
    }
    const pdf = await this.run(file, hangUp, { user: actor.id });
    return { converted_content: pdf.toString('base64'), target_format: 'pdf' };
  }

  /**
   * A page of HTML (a document laid out for print) as a PDF, for the service's own use: the PDF a
   * document is sent for signature as. It takes its turn in the same queue, under the same time
   * limit, and fails with the same errors (503 busy or no converter, 504 too slow) as an upload;
   * `hangUp` stops it when the caller who asked for it is gone.
   */
  async htmlToPdf(html: string, context: Record<string, string>, hangUp?: AbortSignal): Promise<Buffer> {
    const bytes = Buffer.from(html, 'utf8');
    const { convertMaxBytes } = this.config.value;
    if (bytes.length > convertMaxBytes) {
      conversions.inc({ format: 'html', outcome: 'refused' });
      throw new ConversionError(
        ConversionErrorCode.FileTooLarge,
        `The document is ${megabytes(bytes.length)} as HTML; the largest that can be made a PDF is ${megabytes(convertMaxBytes)}`,
      );
    }
    return this.run({ format: 'html', bytes, zip: null }, hangUp, context);
  }

  private async run(file: SourceFile, hangUp: AbortSignal | undefined, context: Record<string, string>) {
    const { convertTimeoutMs } = this.config.value;
    const missing = await this.converter.unavailable(file.format);
    if (missing) throw new ConversionError(ConversionErrorCode.ConverterMissing, missing);

    const queuedAt = Date.now();
    let startedAt = queuedAt;
    try {
      const pdf = await this.queue.run(() => {
        startedAt = Date.now();
        return this.convertInTime(file, convertTimeoutMs, hangUp);
      }, hangUp);
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the converter returned no PDF');
      conversions.inc({ format: file.format, outcome: 'ok' });
      this.logger.info(
        {
          ...context,
          format: file.format,
          bytes: file.bytes.length,
          pdf_bytes: pdf.length,
          queued_ms: startedAt - queuedAt,
          ms: Date.now() - startedAt,
        },
        'converted to PDF',
      );
      return pdf;
    } catch (e) {
      conversions.inc({ format: file.format, outcome: outcomeOf(e) });
      if (e instanceof LeftQueue) {
        this.logger.info(
          { format: file.format, queued_ms: Date.now() - queuedAt },
          'conversion dropped: the caller hung up',
        );
        throw new ConversionError(
          ConversionErrorCode.CallerGone,
          'The connection was closed; the conversion was dropped',
        );
      }
      if (e instanceof QueueFull) {
        this.logger.warn({ format: file.format, ...this.queue.stats }, 'conversion refused: the queue is full');
        throw new ConversionError(
          ConversionErrorCode.ConverterBusy,
          'Too many conversions are running; try again shortly',
          e.retryAfterSeconds,
        );
      }
      throw e;
    }
  }

  private async convertInTime(file: SourceFile, timeoutMs: number, hangUp?: AbortSignal): Promise<Buffer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const stop = () => controller.abort();
    hangUp?.addEventListener('abort', stop, { once: true });
    if (hangUp?.aborted) stop();
    try {
      return await this.converter.convert(file, controller.signal);
    } catch (e) {
      if ((e instanceof ConversionAborted || controller.signal.aborted) && hangUp?.aborted) {
        this.logger.info({ format: file.format, bytes: file.bytes.length }, 'conversion stopped: the caller hung up');
        throw new ConversionError(
          ConversionErrorCode.CallerGone,
          'The connection was closed; the conversion was stopped',
        );
      }
      if (e instanceof ConversionAborted || controller.signal.aborted) {
        this.logger.warn(
          { format: file.format, bytes: file.bytes.length, timeout_ms: timeoutMs },
          'conversion stopped',
        );
        throw new ConversionError(
          ConversionErrorCode.TimedOut,
          `The conversion took longer than ${Math.round(timeoutMs / 100) / 10} s and was stopped; a smaller or simpler file may convert`,
        );
      }
      throw e;
    } finally {
      clearTimeout(timer);
      hangUp?.removeEventListener('abort', stop);
    }
  }
}

function outcomeOf(e: unknown): string {
  if (e instanceof QueueFull) return 'busy';
  if (e instanceof LeftQueue || (e instanceof ConversionError && e.code === ConversionErrorCode.CallerGone))
    return 'dropped';
  if (e instanceof ConversionError)
    return e.kind === 'timed_out' ? 'timed_out' : e.kind === 'invalid' ? 'refused' : 'failed';
  return 'failed';
}
